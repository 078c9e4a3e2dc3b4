#include "io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cli {

input_file::input_file(const std::string& name) : name_(name) {
    if (is_standard_input()) {
        fd_ = 0;
        return;
    }
    do fd_ = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) error_ = errno;
}

input_file::~input_file() {
    if (fd_ > 0) ::close(fd_);
}

std::size_t input_file::read_some(char* at, std::size_t bytes) {
    if (error_ || bytes == 0) return 0;
    ssize_t r = 0;
    do r = ::read(fd_, at, bytes);
    while (r < 0 && errno == EINTR);
    if (r < 0) error_ = errno;
    return r > 0 ? static_cast<std::size_t>(r) : 0;
}

std::size_t input_file::read_full(char* at, std::size_t bytes) {
    std::size_t done = 0;
    while (done < bytes) {
        const std::size_t r = read_some(at + done, bytes - done);
        if (r == 0) break;
        done += r;
    }
    return done;
}

bool input_file::read_line(std::string& line) {
    constexpr std::size_t read_bytes = std::size_t{1} << 16;
    line.clear();
    for (;;) {
        const std::size_t lf = buffer_.find('\n', buffer_at_);
        if (lf != std::string::npos) {
            line.append(buffer_, buffer_at_, lf - buffer_at_);
            buffer_at_ = lf + 1;
            return true;
        }
        line.append(buffer_, buffer_at_);
        buffer_.clear();
        buffer_at_ = 0;
        if (end_) return false;
        buffer_.resize(read_bytes);
        buffer_.resize(read_some(buffer_.data(), read_bytes));
        if (buffer_.empty()) {
            end_ = true;
            return !error_ && !line.empty();  // the last line, without its LF
        }
    }
}

int input_file::report() const {
    std::fprintf(stderr, "iri: cannot read %s: %s\n", is_standard_input() ? "standard input" : name_.c_str(),
                 std::strerror(error_));
    return exit_status::failed;
}

namespace {

std::atomic<int> output_error{0};  // the errno of the write to standard output that failed

}  // namespace

bool write_output(std::string_view s) {
    while (!s.empty()) {
        if (output_error.load(std::memory_order_relaxed)) return false;
        const ssize_t w = ::write(1, s.data(), s.size());
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            output_error.store(w < 0 ? errno : EIO, std::memory_order_relaxed);  // write(2) gives 0 for none
            return false;
        }
        s.remove_prefix(static_cast<std::size_t>(w));
    }
    return !output_error.load(std::memory_order_relaxed);
}

bool output_failed() noexcept { return output_error.load(std::memory_order_relaxed) != 0; }

int finish_output(int status) {
    const int e = output_error.load(std::memory_order_relaxed);
    if (e == 0) return status;
    if (e == EPIPE) return status == exit_status::failed ? status : exit_status::all_valid;
    std::fprintf(stderr, "iri: cannot write standard output: %s\n", std::strerror(e));
    return exit_status::failed;
}

}  // namespace cli
