// Replays inputs through a harness without libFuzzer (the g++ build, ctest): each file named on the command
// line, or each file of each directory named, is copied into a heap buffer of exactly its size (so that a
// sanitizer sees a read past its end) and given to LLVMFuzzerTestOneInput. A failed oracle aborts.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "fuzz.hpp"

namespace {

void replay(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const auto buffer = std::make_unique<std::uint8_t[]>(bytes.size());
    std::copy(bytes.begin(), bytes.end(), buffer.get());
    std::printf("%s (%zu bytes)\n", file.c_str(), bytes.size());
    std::fflush(stdout);
    LLVMFuzzerTestOneInput(buffer.get(), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t count = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path p = argv[i];
        if (!std::filesystem::exists(p)) {
            std::fprintf(stderr, "no such file or directory: %s\n", p.c_str());
            return 2;
        }
        if (!std::filesystem::is_directory(p)) {
            replay(p);
            ++count;
            continue;
        }
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(p))
            if (e.is_regular_file() && e.path().filename() != "README.md") files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) replay(f);
        count += files.size();
    }
    std::printf("%zu inputs replayed, every oracle held\n", count);
    return 0;
}
