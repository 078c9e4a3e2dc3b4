// The iri tool's input and output: files and standard input read with read(2), standard output written with
// write(2), and every error of either reported with the file's name and the reason.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cli {

/// The exit statuses (docs/cli.md, docs/iri.1).
enum exit_status : int {
    all_valid = 0,     ///< every input valid, or standard output closed by its reader (a normal end)
    some_invalid = 1,  ///< some input invalid (check: some input with an error)
    failed = 2,        ///< a usage error, an input that cannot be read, an output that cannot be written, no memory
};

/// One input: a file, or standard input ("-"), read with read(2); its first error is kept.
class input_file {
public:
    /// Opens `name` ("-": standard input); error() says why it could not be.
    explicit input_file(const std::string& name);
    ~input_file();
    input_file(const input_file&) = delete;
    input_file& operator=(const input_file&) = delete;

    [[nodiscard]] int fd() const noexcept { return fd_; }
    [[nodiscard]] bool is_standard_input() const noexcept { return name_ == "-"; }
    /// The errno of the open or read that failed, or 0.
    [[nodiscard]] int error() const noexcept { return error_; }
    /// Up to `bytes` bytes into `at`: what one read(2) gives (a pipe or a terminal gives what it has); 0 at the
    /// end or after an error.
    std::size_t read_some(char* at, std::size_t bytes);
    /// `bytes` bytes into `at`, fewer only at the end or after an error.
    std::size_t read_full(char* at, std::size_t bytes);
    /// The next line into `line`, without its LF (as std::getline): false at the end, or after an error.
    bool read_line(std::string& line);
    /// Says on standard error that the input cannot be read, and why; returns exit_status::failed.
    int report() const;

private:
    std::string name_;
    int fd_ = -1;
    int error_ = 0;
    std::string buffer_;  // read_line's: read, not yet returned from `buffer_at_`
    std::size_t buffer_at_ = 0;
    bool end_ = false;
};

/// Writes all of `s` to standard output. False once a write has failed: that one and every later one write
/// nothing, and the run stops (finish_output says why).
bool write_output(std::string_view s);

/// True once a write to standard output has failed.
[[nodiscard]] bool output_failed() noexcept;

/// The exit status of a run that would end with `status`: `status` when every write to standard output succeeded;
/// all_valid (or `status` when failed) when its reader closed it (EPIPE: a normal end, quiet); else failed, after
/// saying on standard error why standard output could not be written.
int finish_output(int status);

}  // namespace cli
