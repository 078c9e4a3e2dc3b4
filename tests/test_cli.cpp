#define BOOST_TEST_MODULE cli
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <grp.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include "support/datasets.hpp"
#include "support/wpt.hpp"

// The iri tool run as a process: arguments, standard input from a string; standard output, standard error and
// the exit status captured.
namespace {

struct ran {
    int status = -1;
    std::string out, err;
};

std::string temp_path(const char* name) {
    const std::string file = "iri_test_cli_" + std::to_string(getpid()) + name;
    return (std::filesystem::temp_directory_path() / file).string();
}

// `in_child` runs in the child after its standard streams are set, before the tool is executed: it may change
// them (standard output to /dev/full, closed, a pipe without a reader) or the process's limits.
ran run_file(std::vector<std::string> args, const std::string& stdin_path, const std::function<void()>& in_child = {}) {
    const std::string out_path = temp_path(".out"), err_path = temp_path(".err");
    const pid_t pid = fork();
    if (pid == 0) {
        const int in = open(stdin_path.c_str(), O_RDONLY);
        const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(in, 0), dup2(out, 1), dup2(err, 2);
        // Under AddressSanitizer, freed memory waits in a 256 MB quarantine by default, which a memory bound
        // would measure; the tool's own use is what the tests are about.
        setenv("ASAN_OPTIONS", "quarantine_size_mb=1", 1);
        // The tool is opened before `in_child` and executed from that descriptor: a child that becomes another
        // user (the process-limit test) may not search the folders above it (a clone in a mode-0700 folder).
        const int tool = open(IRI_CLI, O_RDONLY);
        if (in_child) in_child();
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(IRI_CLI));
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        fexecve(tool, argv.data(), environ);
        _exit(127);
    }
    ran r;
    int status = 0;
    waitpid(pid, &status, 0);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    auto slurp = [](const std::string& path) {
        std::ifstream f(path, std::ios::binary);
        std::stringstream ss;
        ss << f.rdbuf();
        std::remove(path.c_str());
        return ss.str();
    };
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

// The folder the tool's child of another user loads libiri.so.0 from (LD_LIBRARY_PATH), or "" when the tool is
// linked to the static library. That user may not search the build tree's folders (a clone in a mode-0700 folder),
// so the loader would not find the library by the tool's RUNPATH: it is copied to a folder of its own under the
// temporary folder, which any user may read.
class library_for_any_user {
public:
    library_for_any_user() {
#ifdef IRI_SHARED_LIBRARY
        namespace fs = std::filesystem;
        const fs::path library(IRI_SHARED_LIBRARY);
        dir_ = fs::temp_directory_path() / ("iri_test_cli_" + std::to_string(getpid()) + "_library");
        fs::create_directories(dir_);
        fs::copy_file(library, dir_ / library.filename(), fs::copy_options::overwrite_existing);
        const auto readable = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec;
        fs::permissions(dir_, readable);
        fs::permissions(dir_ / library.filename(), readable);
#endif
    }
    ~library_for_any_user() {
        std::error_code ignored;
        if (!dir_.empty()) std::filesystem::remove_all(dir_, ignored);
    }
    library_for_any_user(const library_for_any_user&) = delete;
    library_for_any_user& operator=(const library_for_any_user&) = delete;
    [[nodiscard]] std::string dir() const { return dir_.string(); }

private:
    std::filesystem::path dir_;
};

ran run(std::vector<std::string> args, const std::string& input = "", const std::function<void()>& in_child = {}) {
    const std::string in_path = temp_path(".in");
    std::ofstream(in_path, std::ios::binary) << input;
    ran r = run_file(std::move(args), in_path, in_child);
    std::remove(in_path.c_str());
    return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(validate_text_with_a_caret_under_a_wide_character) {
    const ran r = run({"validate", "http://例え.jp/引き 割り", "http://a/"});
    BOOST_TEST(r.status == 1);  // one input is not valid
    // Columns: "http://" 7, "例え" 4 (wide), ".jp/" 4, "引き" 4: the caret sits under column 19, after the indent.
    BOOST_TEST(r.out.starts_with("invalid\thttp://例え.jp/引き 割り\n  http://例え.jp/引き 割り\n" +
                                 std::string(2 + 19, ' ') +
                                 "^ disallowed_character: U+0020 ' ' is not allowed in path"));
    BOOST_TEST(r.out.ends_with("valid\thttp://a/\n"));
    BOOST_TEST(run({"validate", "http://a/"}).status == 0);
    BOOST_TEST(run({"validate", "--grammar", "nope", "x"}).status == 2);
    BOOST_TEST(run({"frobnicate"}).status == 2);
    BOOST_TEST(run({"resolve", "x"}).status == 2);  // neither --base nor --pairs
}

// The error names the fault, not the byte where the parse stopped. RFC 3986 §3.2: the authority ends at the "/";
// with no "@" it is host ":" port, and port = *DIGIT (§3.2.3) fails at the "a" of "80a", byte 21 ("http://" 7,
// "example.org" 11, ":" 18, "80" 19-20), though the bytes could have been a userinfo up to the "/" at 22.
// IP-literal = "[" ... "]" (§3.2.2): in "http://[::1/" the "/" ends the authority first; the fault is the "[" (7).
BOOST_AUTO_TEST_CASE(errors_name_the_part_of_the_authority_at_fault) {
    const ran t = run({"validate", "http://example.org:80a/"});
    BOOST_TEST(t.status == 1);
    BOOST_TEST(t.out == "invalid\thttp://example.org:80a/\n  http://example.org:80a/\n" + std::string(2 + 21, ' ') +
                            "^ bad_port: the port must be digits, found U+0061 'a' in port at byte 21 (IRI-reference, "
                            "grammar iri) [RFC 3986 §3.2.3]\n");
    const ran j = run({"validate", "--json", "http://example.org:80a/"});
    BOOST_TEST(j.out ==
               "{\"input\": \"http://example.org:80a/\", \"valid\": false, \"error\": {\"code\": "
               "\"bad_port\", \"offset\": 21, \"component\": \"port\", \"message\": \"the port must be "
               "digits, found U+0061 'a' in port at byte 21 (IRI-reference, grammar iri)\"}}\n");
    const ran l = run({"validate", "--json", "http://[::1/"});
    BOOST_TEST(
        l.out.find("\"code\": \"unclosed_ip_literal\", \"offset\": 7, \"component\": \"host\"") != std::string::npos,
        l.out);
    const ran c = run({"check", "--json", "http://a:b:c/"});  // the port "b:c" is not digits from its "b" (9)
    BOOST_TEST(c.out.find("\"code\": \"syntax.bad_port\", \"severity\": \"error\", \"begin\": 9, \"end\": 10, "
                          "\"component\": \"port\"") != std::string::npos,
               c.out);
}

BOOST_AUTO_TEST_CASE(text_output_shows_controls_format_characters_and_bad_bytes_as_hex) {
    // U+00AD SOFT HYPHEN is a format character (Cf): it could hide in the display, so its bytes are shown as
    // \xHH; "中" is shown as it is. A UTF-16 surrogate in UTF-8 (ED A0 80, RFC 3629 §3) and a C0 control are
    // shown as bytes; U+FFFD itself is a character like any other.
    const ran r = run({"validate"}, "http://a/x\u00ADy\u4E2D\nhttp://a/\xED\xA0\x80\nhttp://a/\x01\nhttp://a/\uFFFD\n");
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out.starts_with("valid\thttp://a/x\\xC2\\xADy\u4E2D\n"));
    BOOST_TEST(r.out.find("invalid\thttp://a/\\xED\\xA0\\x80\n") != std::string::npos);
    BOOST_TEST(r.out.find("invalid\thttp://a/\\x01\n") != std::string::npos);
    BOOST_TEST(r.out.find("invalid\thttp://a/\uFFFD\n") != std::string::npos);
    // The same in a longer valid line and in an output, past the first sixteen octets: U+200B ZERO WIDTH SPACE
    // (Cf, a ucschar of RFC 3987 §2.2 that §4.1 does not exclude) shown as bytes, the ideographs around it as
    // they are.
    BOOST_TEST(run({"validate", "http://example.org/\u4E2D\u6587\u4E2D\u6587\u200B\u4E2D"}).out ==
               "valid\thttp://example.org/\u4E2D\u6587\u4E2D\u6587\\xE2\\x80\\x8B\u4E2D\n");
    BOOST_TEST(run({"normalize", "HTTP://Example.org/abcdefghij\u00AD"}).out ==
               "http://example.org/abcdefghij\\xC2\\xAD\n");
    BOOST_TEST(run({"validate", "http://a/\u00AD"}).out == "valid\thttp://a/\\xC2\\xAD\n");  // shorter than 16 octets
    // "–" (U+2013) shares its lead octet E2 with U+200B, and "（" (U+FF08) its lead EF with U+FEFF: both are shown as
    // they are, in a line longer and one shorter than sixteen octets, and beside a U+200B that is not.
    BOOST_TEST(run({"validate", "http://example.org/\u2013\uFF08\u4E2D\u6587\u2013"}).out ==
               "valid\thttp://example.org/\u2013\uFF08\u4E2D\u6587\u2013\n");
    BOOST_TEST(run({"validate", "http://a/\u2013"}).out == "valid\thttp://a/\u2013\n");
    BOOST_TEST(run({"normalize", "http://example.org/\u2013%E2%80%8B\uFF08"}).out ==
               "http://example.org/\u2013\\xE2\\x80\\x8B\uFF08\n");
}

BOOST_AUTO_TEST_CASE(help_for_each_subcommand) {
    BOOST_TEST(run({"--help"}).out.starts_with("usage: iri SUBCOMMAND"));
    for (const char* sub : {"validate", "parse", "check", "resolve", "relativize", "normalize", "key", "compare",
                            "to-uri", "to-iri", "extract", "site"}) {
        const ran h = run({sub, "--help"});
        BOOST_TEST(h.status == 0);
        BOOST_TEST(h.out.starts_with(std::string("usage: iri ") + sub + " "), sub);
        BOOST_TEST(h.out.find(std::string("  iri ") + sub + " ") != std::string::npos, sub << ": an example");
    }
}

BOOST_AUTO_TEST_CASE(parse_json_components) {
    // RFC 3986 §3.2.2's IPv6 example, with a port.
    const ran r = run({"parse", "--json", "ldap://[2001:db8::7]:389/c=GB?one"});
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.out ==
               "{\"input\": \"ldap://[2001:db8::7]:389/c=GB?one\", \"valid\": true, \"components\": {\"scheme\": "
               "\"ldap\", \"authority\": \"[2001:db8::7]:389\", \"host\": \"[2001:db8::7]\", \"port\": \"389\", "
               "\"path\": \"/c=GB\", \"query\": \"one\", \"host_kind\": \"IPv6address\", \"port_number\": 389}}\n");
    const ran e = run({"validate", "--json", "--grammar", "uri", "http://a/é"});
    BOOST_TEST(e.out ==
               "{\"input\": \"http://a/é\", \"valid\": false, \"error\": {\"code\": \"disallowed_character\", "
               "\"offset\": 9, \"component\": \"path\", \"message\": \"U+00E9 'é' is not allowed in path at "
               "byte 9 (URI-reference, grammar uri)\"}}\n");
}

BOOST_AUTO_TEST_CASE(resolve_and_relativize) {
    // RFC 3986 §5.4.1.
    const ran r = run({"resolve", "--base", "http://a/b/c/d;p?q", "../g", "//g", "?y"});
    BOOST_TEST(r.out == "http://a/b/g\nhttp://g\nhttp://a/b/c/d;p?y\n");
    const ran n = run({"resolve", "--non-strict", "--base", "http://a/b/c/d;p?q", "http:g"});
    BOOST_TEST(n.out == "http://a/b/c/g\n");
    const ran p = run({"resolve", "--pairs"}, "http://a/b/\t../c\nhttp://x/y\t#f\n");
    BOOST_TEST(p.out == "http://a/c\nhttp://x/y#f\n");
    const ran v = run({"relativize", "--base", "http://a/b/c/d;p?q", "http://a/b/g", "http://a/b/c/g:h"});
    BOOST_TEST(v.out == "../g\n./g:h\n");
    // A target no reference resolves to (its ".." would be removed, RFC 3986 §5.2.4) is an error, printed like
    // any other: the exit status says an input failed.
    const ran d = run({"relativize", "--json", "--base", "http://a/b/c/d;p?q", "http://a/b/../g"});
    BOOST_TEST(d.status == 1);
    BOOST_TEST(d.out.find("\"valid\": false") != std::string::npos);
    BOOST_TEST(d.out.find("\"code\": \"not_relativizable\", \"offset\": 11, \"component\": \"path\"") !=
               std::string::npos);
    const ran j = run({"resolve", "--pairs", "--input-format", "json", "--json"}, "[\"http://a/b/\", \"../c\"]\n");
    BOOST_TEST(j.out ==
               "{\"input\": \"../c\", \"base\": \"http://a/b/\", \"valid\": true, \"output\": \"http://a/c\"}\n");
    BOOST_TEST(run({"resolve", "--base", "relative/base", "g"}).status == 2);
}

// Issue 17, "Done when": each of these breaks its scheme's own grammar at the byte under the caret.
BOOST_AUTO_TEST_CASE(check_and_parse_scheme_grammars) {
    struct row {
        const char* input;
        std::size_t at;  // the column of the caret after the two-space indent
        const char* code;
        const char* spec;
    };
    for (const row& r : {row{"mailto:@example.org", 7, "scheme.mailto.syntax", "[RFC 6068 §2]"},
                         row{"urn:a:b", 5, "scheme.urn.syntax", "[RFC 8141 §2]"},
                         row{"data:text/plain", 15, "scheme.data.syntax", "[RFC 2397 §3]"},
                         row{"http:/x", 6, "scheme.http.syntax", "[RFC 9110 §4.2.1]"}}) {
        const ran c = run({"check", r.input});
        BOOST_TEST(c.status == 1, r.input);
        const std::string caret = "\n  " + std::string(r.at, ' ') + "^ error " + r.code;
        BOOST_TEST(c.out.find(caret) != std::string::npos, r.input << ": " << c.out);
        BOOST_TEST(c.out.find(r.spec) != std::string::npos, r.input);
    }
    const ran p = run({"parse", "--scheme", "mailto:a@example.org?subject=hi"});
    BOOST_TEST(p.status == 0);
    BOOST_TEST(p.out.find("\n  addr-spec: a@example.org\n") != std::string::npos, p.out);
    BOOST_TEST(p.out.find("\n  hfield: subject=hi\n  hfname: subject\n  hfvalue: hi\n") != std::string::npos, p.out);
    const ran j = run({"parse", "--scheme", "--json", "urn:a:b"});
    BOOST_TEST(j.status == 1);
    BOOST_TEST(j.out.find("\"error\": {\"code\": \"scheme.urn.syntax\", \"begin\": 5, \"end\": 6") != std::string::npos,
               j.out);
}

BOOST_AUTO_TEST_CASE(check_diagnostics) {
    // RFC 3986 §7.6's example: a warning only, so the exit status is 0; the marker spans the 35-byte userinfo.
    const ran w = run({"check", "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"});
    BOOST_TEST(w.status == 0);
    BOOST_TEST(w.out ==
               "warning\thttp://www.example.com&story=breaking_news@10.0.0.1/top_story.htm\n"
               "  http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm\n"
               "  " +
                   std::string(7, ' ') + "^" + std::string(34, '~') +
                   " warning security.userinfo (userinfo): a userinfo before the host can mislead a reader "
                   "about which host this is [RFC 3986 §7.6]\n");
    BOOST_TEST(run({"check", "http://a b"}).status == 1);  // a grammar error
    const ran j = run({"check", "--json", "--grammar", "leiri", "http://example.org/a b"});
    BOOST_TEST(j.out ==
               "{\"input\": \"http://example.org/a b\", \"valid\": true, \"diagnostics\": [{\"code\": "
               "\"leiri.space\", \"severity\": \"warning\", \"begin\": 20, \"end\": 21, \"component\": "
               "\"path\", \"message\": \"U+0020 is allowed in LEIRIs, not in IRIs: may be taken for a "
               "delimiter, or disappear\", \"spec\": \"3987bis §6.3\"}]}\n");
    // An info (a port other than http's 80) is shown by default and hidden above it.
    BOOST_TEST(run({"check", "http://a:8080/"}).out.find("security.non-default-port") != std::string::npos);
    BOOST_TEST(run({"check", "--min-severity", "warning", "http://a:8080/"}).out == "ok\thttp://a:8080/\n");
}

BOOST_AUTO_TEST_CASE(to_uri_and_to_iri) {
    // 3987bis §3.4.2 and §4.2's examples.
    BOOST_TEST(run({"to-uri", "--host", "idna", "http://résumé.example.org/rosé"}).out ==
               "http://xn--rsum-bpad.example.org/ros%C3%A9\n");
    BOOST_TEST(run({"to-uri", "--encode-unsafe", "http://a/b c"}).out == "http://a/b%20c\n");
    BOOST_TEST(run({"to-uri", "--grammar", "leiri", "http://a/b c"}).out == "http://a/b%20c\n");
    BOOST_TEST(run({"to-uri", "http://a/b c"}).status == 1);
    BOOST_TEST(run({"to-uri", "--json", "--charset", "ISO-8859-1", "http://a/?q=é"}).out ==
               "{\"input\": \"http://a/?q=é\", \"valid\": true, \"output\": \"http://a/?q=%E9\"}\n");
    BOOST_TEST(run({"to-iri", "http://www.example.org/D%C3%BCrst", "http://www.example.org/D%FCrst"}).out ==
               "http://www.example.org/Dürst\nhttp://www.example.org/D%FCrst\n");
    BOOST_TEST(run({"to-iri", "--unicode-hosts", "http://xn--99zt52a.example.org/%e2%80%ae"}).out ==
               "http://納豆.example.org/%E2%80%AE\n");
    // Issue 18: the first "%" after the query (in the fragment) with the query kept as written (step 5): the
    // query once, the fragment decoded once, nothing more.
    BOOST_TEST(run({"to-iri", "--keep-http-query", "http://a/b?q=1#%C3%A9"}).out == "http://a/b?q=1#é\n");
    const ran bad = run({"to-uri", "--host", "idna", "--json", "http://ab--c.例え.jp/"});  // UTS #46 CheckHyphens
    BOOST_TEST(bad.out.find("\"code\": \"idna_failed\", \"offset\": 7") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(normalize_and_compare) {
    // RFC 3987 §5.3.2.1, §5.3.2.3, §5.3.2.4 and §5.3.3 in one reference.
    BOOST_TEST(run({"normalize", "HTTP://www.EXAMPLE.com:80/%7euser/./a/../b#f"}).out ==
               "http://www.example.com:80/~user/b#f\n");
    BOOST_TEST(
        run({"normalize", "--rung", "scheme", "--no-fragment", "HTTP://www.EXAMPLE.com:80/%7euser/./a/../b#f"}).out ==
        "http://www.example.com/~user/b\n");
    BOOST_TEST(run({"normalize", "--rung", "simple", "HTTP://A/%7e"}).out == "HTTP://A/%7e\n");
    BOOST_TEST(run({"normalize", "--nfc", "--rung", "simple", "http://a/e\u0301"}).out == "http://a/\u00E9\n");
    // RFC 3987 §5.3.3: equivalent at the scheme rung, not "http://example.com/?".
    const ran c = run({"compare", "--rung", "scheme", "--base", "http://example.com", "http://example.com:80/",
                       "http://example.com/?"});
    BOOST_TEST(c.status == 0);
    BOOST_TEST(c.out ==
               "equivalent\thttp://example.com\thttp://example.com:80/\n"
               "different\thttp://example.com\thttp://example.com/?\n");
    const ran j = run({"compare", "--json", "--pairs"}, "http://a/%7e\thttp://a/~\n");
    BOOST_TEST(j.out ==
               "{\"input\": \"http://a/~\", \"base\": \"http://a/%7e\", \"valid\": true, "
               "\"equivalent\": true}\n");
    BOOST_TEST(run({"normalize", "--rung", "nope", "x"}).status == 2);
    // Not equivalent at the default rung, syntax: the port is text there (normalize.hpp).
    BOOST_TEST(run({"compare", "--base", "http://example.com/", "http://example.com:80/"}).out ==
               "different\thttp://example.com/\thttp://example.com:80/\n");
}

BOOST_AUTO_TEST_CASE(level_is_an_alias_of_rung) {
    // The same normal forms, keys and comparisons by --level as by --rung; one of them, once.
    const char* const in = "HTTP://EXAMPLE.com:80/%7e#x";
    BOOST_TEST(run({"normalize", "--level", "scheme", in}).out == "http://example.com/~#x\n");
    BOOST_TEST(run({"key", "--level", "simple", in}).out == std::string(in) + "\n");
    BOOST_TEST(run({"compare", "--level", "scheme", "--base", in, "http://example.com/~#x"}).out ==
               "equivalent\t" + std::string(in) + "\thttp://example.com/~#x\n");
    BOOST_TEST(run({"normalize", "--level", "nope", "x"}).status == 2);
    BOOST_TEST(run({"normalize", "--rung", "scheme", "--level", "scheme", in}).status == 2);
    BOOST_TEST(run({"key", "--level", "syntax", "--rung", "scheme", in}).status == 2);
    BOOST_TEST(run({"key", "--rung", "scheme", "--rung", "syntax", in}).status == 2);
}

BOOST_AUTO_TEST_CASE(keys_default_to_the_syntax_rung_and_keep_the_fragment) {
    // One set of defaults with C++, C and Python (normalize.hpp): the syntax rung (RFC 3987 §5.3.2: scheme and
    // ASCII host lowercased, the port kept as text), the fragment kept, and a key equal to the normal form.
    const char* const in = "HTTP://EXAMPLE.com:80/#x";
    BOOST_TEST(run({"key", in}).out == "http://example.com:80/#x\n");
    BOOST_TEST(run({"normalize", in}).out == "http://example.com:80/#x\n");
    BOOST_TEST(run({"key", "--rung", "scheme", in}).out == "http://example.com/#x\n");  // §5.3.3: port 80
}

BOOST_AUTO_TEST_CASE(as_uri_writes_the_fetchable_uri) {
    // Keys and normal forms are IRIs: the host keeps its Unicode characters, "%C3%A9" (the UTF-8 of the iunreserved
    // "é") is decoded (RFC 3987 §5.3.2.3), and at the syntax rung a host that is not US-ASCII only keeps its case.
    BOOST_TEST(run({"key", "http://Résumé.example.org/ros%C3%A9"}).out == "http://Résumé.example.org/rosé\n");
    // --as-uri: RFC 3987 §3.1 writes "é" as "%C3%A9"; the host is UTS #46 ToASCII's (3987bis §3.4.2): lowercased,
    // then the A-label "xn--rsum-bpad".
    const std::string uri = "http://xn--rsum-bpad.example.org/ros%C3%A9\n";
    BOOST_TEST(run({"normalize", "--as-uri", "http://Résumé.example.org/rosé"}).out == uri);
    BOOST_TEST(run({"key", "--as-uri", "http://Résumé.example.org/rosé"}).out == uri);
    BOOST_TEST(run({"key", "--as-uri", "--rung", "scheme", "HTTP://résumé.example.org:80/ros%c3%a9"}).out == uri);
    BOOST_TEST(run({"normalize", "--as-uri", "http://a/%7e?q#f"}).out == "http://a/~?q#f\n");  // ASCII: the same
    // A label UTS #46 rejects (a hyphen at the start, UTS #46 §4.1 CheckHyphens) has no URI form: an error.
    BOOST_TEST(run({"normalize", "--as-uri", "http://-é.example/"}).status == 1);
    BOOST_TEST(run({"compare", "--as-uri", "--pairs"}, "http://a/\thttp://a/\n").status == 2);
}

BOOST_AUTO_TEST_CASE(key_and_resolve_normalize) {
    // RFC 3987 §5.3.3's four equivalent IRIs have one key at the scheme rung; "http://example.com/?" another.
    const ran k = run({"key", "--rung", "scheme", "http://example.com", "http://example.com/", "http://example.com:/",
                       "http://example.com:80/", "http://example.com/?"});
    BOOST_TEST(k.out ==
               "http://example.com/\nhttp://example.com/\nhttp://example.com/\nhttp://example.com/\n"
               "http://example.com/?\n");
    BOOST_TEST(run({"key", "http://a b"}).status == 1);
    // RFC 3986 §5.4.1's base; the targets normalized (RFC 3987 §5.3.2.3: "%7E" is "~"; "%2E%2E" is not made a
    // dot segment, normalize.hpp), the empty path "/" and port 80 dropped at the scheme rung (§5.3.3).
    const ran r = run({"resolve", "--base", "http://a/b/c/d;p?q", "--normalize", "syntax", "../%7Eg", "./%2E%2E/x"});
    BOOST_TEST(r.out == "http://a/b/~g\nhttp://a/b/c/%2E%2E/x\n");
    const ran s = run({"resolve", "--normalize", "scheme", "--pairs"}, "HTTP://A/b\t//B:80\n");
    BOOST_TEST(s.out == "http://b/\n");
    BOOST_TEST(run({"normalize", "--normalize", "scheme", "x"}).status == 2);  // normalize takes --rung
}

BOOST_AUTO_TEST_CASE(extract_from_text) {
    // RFC 3986 Appendix C's example, with byte offsets of each IRI inside its delimiters.
    const std::string text =
        "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"
        "but you can probably pick it up from <ftp://ds.internic.\nnet/rfc/>.\n";
    const ran r = run({"extract"}, text);
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.out == "28\t57\thttp://www.w3.org/Addressing/\n98\t125\tftp://ds.internic.net/rfc/\n");
    // "http://" 7 bytes, "例え" 6, ".jp/" 4, "ü" 2: from byte 4 to byte 23.
    const ran j = run({"extract", "--json", "see http://例え.jp/ü."});
    BOOST_TEST(j.out ==
               "{\"input\": \"http://例え.jp/ü\", \"valid\": true, \"output\": \"http://例え.jp/ü\", "
               "\"begin\": 4, \"end\": 23, \"delimiter\": \"none\"}\n");
}

BOOST_AUTO_TEST_CASE(files_with_crlf_empty_lines_and_invalid_utf8) {
    const ran r = run({"validate", "--tsv"}, "http://a/\r\n\r\nhttp://b/\xFF\n");
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out ==
               "input\tvalid\terror_code\terror_offset\terror_component\terror_message\n"
               "http://a/\ttrue\t\t\t\t\n"
               "\tfalse\tempty_line\t\t\tan empty line\n"  // an empty line is no input (issue 40)
               "http://b/\xFF\tfalse\tinvalid_utf8\t9\tpath\tinvalid UTF-8: byte FF does not form a "
               "character in path at byte 9 (IRI-reference, grammar iri)\n");
}

BOOST_AUTO_TEST_CASE(nul_separated_and_json_input) {
    const ran z = run({"validate", "-0"}, std::string("http://a/\0http://a/ b\0", 22));
    BOOST_TEST(z.out.starts_with("valid\thttp://a/\ninvalid\thttp://a/ b\n"));
    // JSON input carries a NUL exactly; a lone surrogate is an error for that line only.
    const ran j = run({"validate", "--input-format", "json", "--json"}, "\"a\\u0000b\"\n\"\\udc00\"\n\"ok\"\n[1]\n");
    BOOST_TEST(j.status == 1);
    BOOST_TEST(j.out ==
               "{\"input\": \"a\\u0000b\", \"valid\": false, \"error\": {\"code\": \"disallowed_character\", "
               "\"offset\": 1, \"component\": \"path\", \"message\": \"U+0000 is not allowed in path at byte 1 "
               "(IRI-reference, grammar iri)\"}}\n"
               "{\"input\": \"\\\"\\\\udc00\\\"\", \"valid\": false, \"error\": {\"code\": \"bad_input\", "
               "\"message\": \"a lone surrogate escape (\\\\udc00)\"}}\n"
               "{\"input\": \"ok\", \"valid\": true}\n"
               "{\"input\": \"[1]\", \"valid\": false, \"error\": {\"code\": \"bad_input\", \"message\": \"an array "
               "of strings is expected\"}}\n");  // an unreadable line: its input is the line as read
    // A surrogate pair is one supplementary character: U+10300 OLD ITALIC LETTER A, a ucschar.
    BOOST_TEST(run({"validate", "--input-format", "json"}, "\"http://a/\\ud800\\udf00\"\n").out ==
               "valid\thttp://a/\xF0\x90\x8C\x80\n");
}

// surt and canonicalize: the surt package's and the Safe Browsing v4 document's examples (tests/crawl/), through
// every way in: arguments, --input FILE, JSON lines, several jobs.
BOOST_AUTO_TEST_CASE(surt_and_canonicalize) {
    BOOST_TEST(run({"surt", "http://www.archive.org/goo/?a=2&b&a=1"}).out == "org,archive)/goo?a=1&a=2&b\n");
    BOOST_TEST(run({"surt", "--with-scheme", "--trailing-comma", "https://www.example.com/"}).out ==
               "https://(com,example,)/\n");
    BOOST_TEST(run({"surt", "--no-reverse-ipaddr", "http://192.168.1.254/info/"}).out == "192.168.1.254)/info\n");
    BOOST_TEST(run({"surt", "--with-scheme", "--no-host-massage", "http://www.example.com/"}).out ==
               "http://(com,example,www)/\n");
    BOOST_TEST(run({"surt", "--format", "heritrix", "http://user:pass@www.archive.org:8080/a"}).out ==
               "http://(org,archive,www,:8080@user:pass)/a\n");
    const std::string file = temp_path("crawl_urls.txt");
    std::ofstream(file) << "http://archive.org/goo/?\n\nfiledesc:foo.arc.gz\nhttp://a:8x/\n";
    const ran f = run({"surt", "--input", file, "--jobs", "2"});
    BOOST_TEST(f.status == 1);  // the empty line and the bad port: one output line each, empty
    BOOST_TEST(f.out == "org,archive)/goo\n\nfiledesc:foo.arc.gz\n\n");
    BOOST_TEST(
        f.err == "iri: " + file + ":2: empty_line: an empty line\niri: " + file +
                     ":4: bad_port: the port must be digits, found U+0078 'x' in port at byte 10 [RFC 3986 §3.2.3]\n",
        f.err);
    std::remove(file.c_str());
    BOOST_TEST(run({"surt", ""}).out == "-\n");  // the empty string, given: the surt package's "-"
    const ran j = run({"surt", "--input-format", "json", "--json"}, "\"http://a.org/\\u0000x\"\n");
    BOOST_TEST(j.out == "{\"input\": \"http://a.org/\\u0000x\", \"valid\": true, \"output\": \"org,a)/%00x\"}\n");
    BOOST_TEST(run({"canonicalize", "http://3279880203/blah", "http://www.google.com/q?r?"}).out ==
               "http://195.127.0.11/blah\nhttp://www.google.com/q?r?\n");
    BOOST_TEST(run({"canonicalize", "--keep-port", "http://www.gotaport.com:1234/"}).out ==
               "http://www.gotaport.com:1234/\n");
    BOOST_TEST(run({"canonicalize", "--profile", "ia", "http://www34.archive.org/index.html?b=a&b=b&a=b"}).out ==
               "http://archive.org/index.html?a=b&b=a&b=b\n");
    BOOST_TEST(run({"canonicalize", "--profile", "ia-only", "http://www.archive.org/big/"}).out ==
               "http://archive.org/big\n");
    const ran e = run({"canonicalize", "--explain", "mailto:bryner@google.com"});
    BOOST_TEST(e.status == 1);
    BOOST_TEST(e.out.starts_with("invalid\tmailto:bryner@google.com\n"));
    BOOST_TEST(run({"canonicalize", "--profile", "google", "x"}).status == 2);
    BOOST_TEST(run({"surt", "--format", "urlcanon", "x"}).status == 2);
}

BOOST_AUTO_TEST_CASE(output_stays_in_input_order_with_several_jobs) {
    const auto lines = iri_test::dataset_lines("derived/zhwiki_iri_100k.txt");
    std::string input, expected;
    for (const auto& l : lines) input += l + "\n";
    const ran one = run({"validate", "--tsv", "--jobs", "1"}, input);
    const ran four = run({"validate", "--tsv", "--jobs", "4"}, input);
    BOOST_TEST(one.out == four.out);
    // And the order is the input's: row i + 1 (after the header) starts with line i, as a TSV field.
    std::istringstream out(four.out);
    std::string row;
    std::getline(out, row);  // the header
    std::size_t i = 0, matched = 0;
    while (std::getline(out, row) && i < lines.size()) {
        std::string field;
        for (char c : lines[i]) field += c == '\\' ? std::string("\\\\") : std::string(1, c);
        matched += row.starts_with(field + "\t");
        ++i;
    }
    BOOST_TEST(i == lines.size());
    BOOST_TEST(matched == lines.size());
}

// A file named by --input is mapped and run a block of about 4 MB at a time, cut at line ends; standard input is
// read. Lines across a block's end, a line longer than a block, a CR before the LF and a last line without its LF
// must read the same both ways, and as the lines they are.
BOOST_AUTO_TEST_CASE(a_mapped_file_reads_as_standard_input_does) {
    std::string input;
    const std::size_t short_lines = 300000;  // about 8 MB: they cross the first block's end
    for (std::size_t i = 0; i < short_lines; ++i) input += "http://example.com/" + std::to_string(i) + "\n";
    input += "http://a/" + std::string(std::size_t{5} << 20, 'x') + "\r\n";  // longer than a block; valid
    input += "http://b/ c";  // no LF at the end; a space is not allowed in a path (RFC 3987 §2.2)
    const std::string path = temp_path(".mapped");
    std::ofstream(path, std::ios::binary) << input;
    const ran mapped = run_file({"validate", "--tsv", "--stats", "--input", path}, "/dev/null");
    const ran read = run({"validate", "--tsv", "--stats"}, input);
    BOOST_TEST(mapped.status == 1);
    BOOST_TEST(mapped.err.starts_with("lines 300002, valid 300001, invalid 1,"), mapped.err);
    BOOST_TEST(read.err.starts_with("lines 300002, valid 300001, invalid 1,"), read.err);
    BOOST_TEST(mapped.out == read.out);
    BOOST_TEST(
        mapped.out.ends_with("http://b/ c\tfalse\tdisallowed_character\t9\tpath\tU+0020 ' ' is not allowed in "
                             "path at byte 9 (IRI-reference, grammar iri)\n"));
    // NUL-separated, the same lines.
    std::string nul_input = input;
    for (char& c : nul_input)
        if (c == '\n') c = '\0';
    std::ofstream(path, std::ios::binary | std::ios::trunc) << nul_input;
    const ran nul = run_file({"validate", "-0", "--quiet", "--stats", "--input", path}, "/dev/null");
    std::remove(path.c_str());
    // With -0 the CR stays in its string, where a URI may not have it: the long line is invalid too.
    BOOST_TEST(nul.err.starts_with("lines 300002, valid 300000, invalid 2,"), nul.err);
}

BOOST_AUTO_TEST_CASE(a_100_mb_input_is_streamed_in_bounded_memory) {
    const auto lines = iri_test::dataset_lines("url-various-datasets/kasztp.txt");
    const std::string path = temp_path(".big");
    std::size_t size = 0, count = 0;
    {
        std::ofstream f(path, std::ios::binary);
        while (size < std::size_t{100} << 20) {
            for (const auto& l : lines) {
                f << l << '\n';
                size += l.size() + 1;
                ++count;
            }
        }
    }
    const ran r = run_file({"validate", "--quiet", "--stats", "--grammar", "uri", "--input", path}, "/dev/null");
    std::remove(path.c_str());
    BOOST_TEST(r.status == 1);  // kasztp has lines that are not URIs
    // --stats reports the tool's own peak resident memory (VmHWM, which starts anew at exec: a child forked
    // from this test process does not count the parent's pages).
    const std::size_t at = r.err.find("peak memory ");
    BOOST_TEST_REQUIRE(at != std::string::npos, r.err);
    const long peak_kb = std::stol(r.err.substr(at + 12));
    BOOST_TEST_MESSAGE("100 MB input (" << size << " bytes, " << count << " lines): peak memory " << peak_kb << " kB");
    BOOST_TEST(peak_kb < 64 * 1024);  // far below the input's size: streamed in chunks
}

// Every input and output error stops the tool with a message naming the file and the reason (strerror), and exit
// status 2; "some inputs invalid" is 1.
namespace {

// Standard output of the child: /dev/full (every write fails with ENOSPC), closed, or a pipe whose reader is gone.
void stdout_to_dev_full() {
    const int full = open("/dev/full", O_WRONLY);
    dup2(full, 1);
    close(full);
}
void stdout_closed() { close(1); }
void stdout_to_a_closed_pipe() {
    int p[2];
    if (pipe(p) != 0) _exit(126);
    close(p[0]);
    dup2(p[1], 1);
    close(p[1]);
}

// Lines enough for several 128 KB slices and more than one write: about 1.3 MB.
std::string many_lines() {
    std::string input;
    for (int i = 0; i < 40000; ++i) input += "HTTP://Example.COM/a/../" + std::to_string(i) + "\n";
    return input;
}

const std::string no_space = std::strerror(ENOSPC), bad_descriptor = std::strerror(EBADF);

}  // namespace

BOOST_AUTO_TEST_CASE(a_full_output_device_is_an_error) {
    const std::string path = temp_path(".full");
    std::ofstream(path, std::ios::binary) << many_lines();
    const ran file = run_file({"normalize", "--input", path}, "/dev/null", stdout_to_dev_full);
    const ran piped = run({"normalize"}, many_lines(), stdout_to_dev_full);
    const ran one = run({"validate", "http://a/"}, "", stdout_to_dev_full);  // one short line, written at the end
    const ran extract = run({"extract", "see http://a/b here"}, "", stdout_to_dev_full);
    const ran help = run({"--help"}, "", stdout_to_dev_full);
    std::remove(path.c_str());
    for (const ran& r : {file, piped, one, extract, help}) {
        BOOST_TEST(r.status == 2);
        BOOST_TEST(r.err == "iri: cannot write standard output: " + no_space + "\n");
    }
}

BOOST_AUTO_TEST_CASE(a_closed_standard_output_is_an_error) {
    const ran args = run({"validate", "http://a/"}, "", stdout_closed);
    const ran piped = run({"normalize"}, many_lines(), stdout_closed);
    for (const ran& r : {args, piped}) {
        BOOST_TEST(r.status == 2);
        BOOST_TEST(r.err == "iri: cannot write standard output: " + bad_descriptor + "\n");
    }
    // Nothing to write, nothing wrong.
    BOOST_TEST(run({"validate", "--quiet", "http://a/"}, "", stdout_closed).status == 0);
}

// A reader that stops early (iri ... | head -1) ends the run as its input's end would: quietly, status 0.
BOOST_AUTO_TEST_CASE(a_reader_closing_the_pipe_is_a_normal_end) {
    const ran r = run({"normalize", "--jobs", "2"}, many_lines(), stdout_to_a_closed_pipe);
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.err == "");
}

BOOST_AUTO_TEST_CASE(an_input_that_cannot_be_read_is_an_error) {
    const std::string dir = std::filesystem::temp_directory_path().string();
    const std::string is_a_directory = std::strerror(EISDIR);
    const ran validate = run({"validate", "--input", dir});
    BOOST_TEST(validate.status == 2);
    BOOST_TEST(validate.out == "");
    BOOST_TEST(validate.err == "iri: cannot read " + dir + ": " + is_a_directory + "\n");
    const ran extract = run({"extract", "--input", dir});
    BOOST_TEST(extract.status == 2);
    BOOST_TEST(extract.err == "iri: cannot read " + dir + ": " + is_a_directory + "\n");
    // Standard input a directory: its name is "standard input".
    const ran stdin_dir = run_file({"normalize"}, dir);
    BOOST_TEST(stdin_dir.status == 2);
    BOOST_TEST(stdin_dir.err == "iri: cannot read standard input: " + is_a_directory + "\n");
    // /proc/self/mem opens, and its first page, never mapped, fails to read with EIO.
    const ran mem = run({"validate", "--input", "/proc/self/mem"});
    BOOST_TEST(mem.status == 2);
    BOOST_TEST(mem.err == "iri: cannot read /proc/self/mem: " + std::string(std::strerror(EIO)) + "\n");
    // A file that is not there; the inputs before it are run, the ones after it are not.
    const std::string missing = temp_path(".missing");
    const ran gone = run({"validate", "--input", "-", "--input", missing, "--input", "-"}, "http://a/\n");
    BOOST_TEST(gone.status == 2);
    BOOST_TEST(gone.out == "valid\thttp://a/\n");
    BOOST_TEST(gone.err == "iri: cannot read " + missing + ": " + std::string(std::strerror(ENOENT)) + "\n");
}

// --jobs N when the process may not have N threads: the tool goes on with the threads it could start (down to the
// calling thread alone), says so once, and prints what --jobs 1 prints. RLIMIT_NPROC counts the processes and
// threads of the real user and does not bind root, so the child runs as a user of its own (a user ID no other
// process has, so that the count starts at this one process) when it can change users, or as the test's user,
// whose other processes then count too.
BOOST_AUTO_TEST_CASE(threads_that_cannot_be_started_are_done_without) {
    const std::string input = many_lines();  // ten slices: --jobs 8 would start seven threads
    const ran one = run({"normalize", "--jobs", "1"}, input);
    BOOST_TEST_REQUIRE(one.status == 0);
    // In a build with AddressSanitizer, its leak check starts a thread of its own when the process exits, which the
    // limit refuses too (a fatal error of LeakSanitizer, status 1): that one run goes without the leak check, which
    // every other run of the tool keeps.
    const char* asan = std::getenv("ASAN_OPTIONS");
    const std::string asan_options = (asan && *asan ? std::string(asan) + ":" : std::string()) + "detect_leaks=0";
    const library_for_any_user library;
    const std::string library_dir = library.dir();
    for (const rlim_t limit : {rlim_t{1}, rlim_t{3}}) {
        const ran r = run({"normalize", "--jobs", "8"}, input, [limit, &asan_options, &library_dir] {
            if (setenv("ASAN_OPTIONS", asan_options.c_str(), 1) != 0) _exit(126);
            if (!library_dir.empty() && setenv("LD_LIBRARY_PATH", library_dir.c_str(), 1) != 0) _exit(126);
            if (geteuid() == 0) {
                const auto user = static_cast<uid_t>(200000 + getpid() % 100000);
                if (setgroups(0, nullptr) != 0 || setgid(user) != 0 || setuid(user) != 0) _exit(126);
            }
            const rlimit nproc{limit, limit};
            if (setrlimit(RLIMIT_NPROC, &nproc) != 0) _exit(126);
        });
        BOOST_TEST(r.status == 0);
        BOOST_TEST(r.out == one.out);
        // Once, at the first block: "iri: could start only N of 8 threads (...): going on with N".
        BOOST_TEST(r.err.starts_with("iri: could start only "), r.err);
        BOOST_TEST(r.err.find(" of 8 threads (") != std::string::npos, r.err);
        BOOST_TEST(r.err.find('\n') == r.err.size() - 1, r.err);
        if (limit == 1 && geteuid() == 0) BOOST_TEST(r.err.starts_with("iri: could start only 1 of 8 threads"), r.err);
        if (limit == 3 && geteuid() == 0) BOOST_TEST(r.err.starts_with("iri: could start only 3 of 8 threads"), r.err);
    }
}

// The version of the CMake project (CMakeLists.txt's project(), passed to this test as IRI_PROJECT_VERSION).
BOOST_AUTO_TEST_CASE(version) {
    const ran r = run({"--version"});
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.out == "iri " IRI_PROJECT_VERSION "\n");
    BOOST_TEST(run({"--version"}, "", stdout_to_dev_full).status == 2);
}

// iri url: the WHATWG URL Standard. §4.4: the scheme and the domain lower-cased, the special scheme's default port
// dropped, "a/.." removed, the path's space percent-encoded (path percent-encode set); against a base, "\" is a
// path separator of a special URL, "//h/p" keeps the base's scheme alone, "?q" replaces the base's query only.
BOOST_AUTO_TEST_CASE(url_prints_each_href) {
    const ran r = run({"url", "HTTP://EXAMPLE.com:80/a/../b c?x#y"});
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.out == "http://example.com/b%20c?x#y\n");
    const ran b = run({"url", "--base", "https://example.org/dir/page.html", "..\\x", "//h/p", "?q"});
    BOOST_TEST(b.status == 0);
    BOOST_TEST(b.out == "https://example.org/x\nhttps://h/p\nhttps://example.org/dir/page.html?q\n");
    // The inputs of a file, one per line (a CR before the LF dropped, as for the other subcommands).
    const ran f = run({"url"}, "http://A/\r\nfile:///C|/x\n");
    BOOST_TEST(f.status == 0);
    BOOST_TEST(f.out == "http://a/\nfile:///C:/x\n");  // §4.4 file host state: a Windows drive letter's "|" is ":"
}

// A failure is an empty line, its diagnostic on standard error naming the Standard's validation error; --explain
// shows it as validate shows an invalid reference: a port above 65535 is port-out-of-range (§4.4 port state), a
// relative reference without a base missing-scheme-non-relative-URL (no scheme state).
BOOST_AUTO_TEST_CASE(url_failures_name_the_validation_error) {
    const ran l = run({"url", "http://example.org:65536/", "http://a/"});
    BOOST_TEST(l.status == 1);
    BOOST_TEST(l.out == "\nhttp://a/\n");
    BOOST_TEST(l.err.starts_with("iri: argument 1: url_failure: "), l.err);
    BOOST_TEST(l.err.find("port-out-of-range") != std::string::npos, l.err);
    const ran r = run({"url", "--explain", "http://example.org:65536/", "http://a/"});
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.err.empty(), r.err);
    BOOST_TEST(r.out.starts_with("invalid\thttp://example.org:65536/\n  http://example.org:65536/\n  "), r.out);
    BOOST_TEST(r.out.find("^ url_failure: ") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("port-out-of-range") != std::string::npos, r.out);
    BOOST_TEST(r.out.ends_with("\nhttp://a/\n"), r.out);
    const ran j = run({"url", "--json", "/path"});
    BOOST_TEST(j.status == 1);
    BOOST_TEST(j.out.starts_with("{\"input\": \"/path\", \"base\": null, \"failure\": true, \"error\": {\"code\": "
                                 "\"url_failure\", \"offset\": "),
               j.out);
    BOOST_TEST(j.out.find("\"validation\": \"missing-scheme-non-relative-URL\", \"message\": ") != std::string::npos,
               j.out);
    // A base that is not a URL: as for resolve, a usage error (status 2) with its caret display.
    const ran b = run({"url", "--base", "not a URL", "x"});
    BOOST_TEST(b.status == 2);
    BOOST_TEST(b.err.starts_with("iri: the base is not a URL\n"), b.err);
    BOOST_TEST(run({"url", "--base", "http://a/", "--pairs"}).status == 2);  // one base or the pairs', not both
}

// --json: the URL class's getters (§6.1). An IPv6 host keeps its brackets in host and hostname; the origin is
// the scheme, host and (not default) port (HTML's ASCII serialization of an origin).
BOOST_AUTO_TEST_CASE(url_json_and_tsv) {
    const ran j = run({"url", "--json", "https://user:pass@[::1]:8443/p?q#f"});
    BOOST_TEST(j.status == 0);
    BOOST_TEST(j.out ==
               "{\"input\": \"https://user:pass@[::1]:8443/p?q#f\", \"base\": null, \"href\": "
               "\"https://user:pass@[::1]:8443/p?q#f\", \"origin\": \"https://[::1]:8443\", \"protocol\": \"https:\", "
               "\"username\": \"user\", \"password\": \"pass\", \"host\": \"[::1]:8443\", \"hostname\": \"[::1]\", "
               "\"port\": \"8443\", \"pathname\": \"/p\", \"search\": \"?q\", \"hash\": \"#f\"}\n");
    const ran t = run({"url", "--tsv", "http://a/"});
    BOOST_TEST(t.status == 0);
    BOOST_TEST(t.out ==
               "input\tbase\tfailure\thref\torigin\tprotocol\tusername\tpassword\thost\thostname\tport\tpathname\t"
               "search\thash\terror_code\terror_offset\terror_validation\terror_message\n"
               "http://a/\t\tfalse\thttp://a/\thttp://a\thttp:\t\t\ta\ta\t\t/\t\t\t\t\t\t\n");
}

// --pairs: "page<TAB>href" lines as resolve reads them; with --input-format json, [page, href] with page null
// for none. A page that is not a URL fails the pair, about the base.
BOOST_AUTO_TEST_CASE(url_pairs) {
    const ran p = run({"url", "--pairs", "--explain"}, "https://example.org/a/\tb?c\nnot a URL\tx\n");
    BOOST_TEST(p.status == 1);
    BOOST_TEST(p.out.starts_with("https://example.org/a/b?c\ninvalid\tx\t(base: not a URL)\n  not a URL\n"), p.out);
    const ran q = run({"url", "--pairs"}, "https://example.org/a/\tb?c\nnot a URL\tx\n");
    BOOST_TEST(q.out == "https://example.org/a/b?c\n\n");
    BOOST_TEST(q.err.starts_with("iri: (standard input):2: the base: url_failure: "), q.err);
    const ran j = run({"url", "--pairs", "--input-format", "json", "--json"},
                      "[null, \"HTTP://A/b\"]\n[\"http://a/b/\", \"c\"]\n[null, \"c\"]\n[\"http://a/\", null]\n");
    BOOST_TEST(j.status == 1);
    std::istringstream lines(j.out);
    std::string line;
    std::getline(lines, line);
    BOOST_TEST(line.starts_with("{\"input\": \"HTTP://A/b\", \"base\": null, \"href\": \"http://a/b\", "), line);
    std::getline(lines, line);
    BOOST_TEST(line.starts_with("{\"input\": \"c\", \"base\": \"http://a/b/\", \"href\": \"http://a/b/c\", "), line);
    std::getline(lines, line);
    BOOST_TEST(line.starts_with("{\"input\": \"c\", \"base\": null, \"failure\": true, "), line);
    std::getline(lines, line);  // the href cannot be null: the line as read is the input of its failure
    BOOST_TEST(line.starts_with("{\"input\": \"[\\\"http://a/\\\", null]\", \"base\": null, \"failure\": true, "
                                "\"error\": {\"code\": \"bad_input\""),
               line);
    BOOST_TEST(!std::getline(lines, line));
    // Only url takes a null base.
    const ran r = run({"resolve", "--pairs", "--input-format", "json"}, "[null, \"c\"]\n");
    BOOST_TEST(r.status == 1);
    BOOST_TEST(r.out == "\n");
    BOOST_TEST(r.err.starts_with("iri: (standard input):1: bad_input: "), r.err);
}

// Every case of web-platform-tests' urltestdata.json (datasets/web-platform-tests/) through one iri url process:
// a file of [base, input] JSON lines, run with --input-format json --pairs --json on two threads, and every field
// of each output line against the case's.
BOOST_AUTO_TEST_CASE(url_passes_urltestdata) {
    const boost::json::value data = iri_test::wpt_json("urltestdata.json");
    std::vector<const boost::json::object*> cases;
    const std::string in_path = temp_path(".wpt");
    {
        std::ofstream in(in_path, std::ios::binary);
        for (const boost::json::value& c : data.as_array()) {
            if (!c.is_object()) continue;  // a comment
            cases.push_back(&c.as_object());
            const boost::json::array pair{c.at("base"), c.at("input")};
            in << boost::json::serialize(pair) << '\n';
        }
        BOOST_REQUIRE(in.good());
    }
    const ran r = run({"url", "--json", "--input-format", "json", "--pairs", "--jobs", "2", "--input", in_path});
    std::remove(in_path.c_str());
    BOOST_TEST(r.status == 1);  // some cases are failures
    BOOST_TEST(r.err.empty(), r.err);
    std::istringstream lines(r.out);
    std::size_t passed = 0, seen = 0;
    const char* const fields[] = {"href",     "protocol", "username", "password", "host",
                                  "hostname", "port",     "pathname", "search",   "hash"};
    for (std::string line; std::getline(lines, line) && seen < cases.size(); ++seen) {
        const boost::json::object& want = *cases[seen];
        boost::system::error_code ec;
        const boost::json::value got_value = boost::json::parse(line, ec);
        BOOST_TEST_REQUIRE(!ec, line);
        const boost::json::object& got = got_value.as_object();
        const std::string input = iri_test::wpt_string(want.at("input"));
        BOOST_TEST(got.at("input") == want.at("input"), input);
        BOOST_TEST(got.at("base") == want.at("base"), input);
        bool ok = got.at("input") == want.at("input");
        if (want.contains("failure")) {
            const bool failed = got.contains("failure");
            BOOST_TEST(failed, "case " << seen << " " << input << " should fail, gave " << line);
            ok = ok && failed;
        } else {
            BOOST_TEST(!got.contains("failure"), "case " << seen << " " << input << " failed: " << line);
            for (const char* f : fields) {
                const bool same = got.contains(f) && got.at(f) == want.at(f);
                BOOST_TEST(same, "case " << seen << " " << input << ": " << f << " should be "
                                         << boost::json::serialize(want.at(f)) << ", line " << line);
                ok = ok && same;
            }
            if (want.contains("origin")) {
                const bool same = got.contains("origin") && got.at("origin") == want.at("origin");
                BOOST_TEST(same, "case " << seen << " " << input << ": origin should be "
                                         << boost::json::serialize(want.at("origin")) << ", line " << line);
                ok = ok && same;
            }
        }
        passed += ok ? 1 : 0;
    }
    BOOST_TEST(seen == cases.size());
    BOOST_TEST(cases.size() == 891u);  // datasets/web-platform-tests/README.md
    BOOST_TEST_MESSAGE("urltestdata through iri url --json: " << passed << " of " << cases.size() << " cases pass");
    BOOST_TEST(passed == cases.size());
}

// iri site against the pinned Public Suffix List (tests/crawl/README.md): the public suffix and registrable domain
// of each input, a URL's host or a host, by the list's rules (co.uk, *.ck with !www.ck, the private github.io).
BOOST_AUTO_TEST_CASE(site_of_urls_and_hosts) {
    const std::string list = std::string(IRI_SOURCE_DIR) + "/tests/crawl/public_suffix_list.dat";
    const ran r = run({"site", "--psl", list, "https://user@WWW.Example.CO.UK:8443/a?b", "www.www.ck",
                       "http://www.食狮.公司.cn/", "foo.github.io", "example", "http://192.0.2.1/", "mailto:a@b.org"});
    BOOST_TEST(r.status == 0, r.err);
    BOOST_TEST(r.out ==
               "co.uk\texample.co.uk\n"
               "ck\twww.ck\n"
               "公司.cn\t食狮.公司.cn\n"
               "github.io\tfoo.github.io\n"
               "example\t\n"  // the implicit "*" rule: a public suffix, no registrable domain
               "\t\n"         // an address
               "\t\n");       // no host
    // --icann-only: github.io is an ICANN "io" domain; --json names the host, null where there is no answer.
    const ran j = run({"site", "--psl", list, "--icann-only", "--json", "--input-format", "json"},
                      "\"http://foo.github.io/x\"\n\"[::1]\"\n");
    BOOST_TEST(j.status == 0, j.err);
    BOOST_TEST(j.out ==
               "{\"input\": \"http://foo.github.io/x\", \"valid\": true, \"host\": \"foo.github.io\", "
               "\"public_suffix\": \"io\", \"registrable_domain\": \"github.io\"}\n"
               "{\"input\": \"[::1]\", \"valid\": true, \"host\": \"[::1]\", \"public_suffix\": null, "
               "\"registrable_domain\": null}\n");
    // A URL the URL Standard fails, and a bare host it fails as an http: URL's host: invalid, with the byte where
    // its parser failed (status 1).
    const ran e = run({"site", "--psl", list, "--json", "http://exa mple.com/", "www.ex ample.com"});
    BOOST_TEST(e.status == 1);
    BOOST_TEST(e.out.find("\"input\": \"http://exa mple.com/\", \"valid\": false, \"error\": {\"code\": "
                          "\"url_failure\", \"offset\": 7,") != std::string::npos,
               e.out);
    BOOST_TEST(e.out.find("\"input\": \"www.ex ample.com\", \"valid\": false, \"error\": {\"code\": "
                          "\"url_failure\", \"offset\": 0,") != std::string::npos,
               e.out);
    // The host a browser reads (issue 38): "\\" ends a special URL's host, a space after it is in the path,
    // 0x7f.1 is the address 127.0.0.1, a bare host may have a port or a path.
    const ran b = run({"site", "--psl", list, "http://example.com\\a", "https://sub.example.com/a b", "http://0x7f.1/",
                       "www.example.co.uk:80", "example.com/path", "//a.example.com/x"});
    BOOST_TEST(b.status == 0, b.err);
    BOOST_TEST(b.out ==
               "com\texample.com\ncom\texample.com\n\t\nco.uk\texample.co.uk\ncom\texample.com\ncom\texample.com\n");
    // --tsv: the header's eight columns on every row, an unreadable JSON line's too.
    const ran t = run({"site", "--psl", list, "--tsv", "--input-format", "json"}, "\"example\"\n[1]\n\"a b\"\n");
    BOOST_TEST(t.status == 1);
    BOOST_TEST(t.out.starts_with("input\tvalid\tpublic_suffix\tregistrable_domain\terror_code\terror_offset\t"
                                 "error_component\terror_message\n"
                                 "example\ttrue\texample\t\t\t\t\t\n"
                                 "[1]\tfalse\t\t\tbad_input\t\t\tan array of strings is expected\n"
                                 "a b\tfalse\t\t\turl_failure\t0\tnone\t"),
               t.out);
    // A list that cannot be read is named, with the reason (status 2); --psl is for site alone.
    const ran missing = run({"site", "--psl", "no-such-list.dat", "example.com"});
    BOOST_TEST(missing.status == 2);
    BOOST_TEST(missing.err == "iri: cannot load the Public Suffix List: no-such-list.dat: No such file or directory\n");
    BOOST_TEST(run({"validate", "--icann-only", "http://a/"}).status == 2);
    // The system's list answers for rules much older than the pinned one.
    BOOST_TEST(run({"site", "www.example.co.uk"}).out == "co.uk\texample.co.uk\n");
}

// Issue 38: a file that is no list is refused with the line that is no rule (status 2); one spelling on request;
// --pairs resolves the href against its page by the URL Standard first.
BOOST_AUTO_TEST_CASE(site_list_checks_spellings_and_pairs) {
    const std::string list = std::string(IRI_SOURCE_DIR) + "/tests/crawl/public_suffix_list.dat";
    const std::string passwd = temp_path("iri_test_cli_passwd");
    std::ofstream(passwd) << "root:x:0:0:root:/root:/bin/bash\n";
    const ran refused = run({"site", "--psl", passwd, "example.co.uk"});
    std::filesystem::remove(passwd);
    BOOST_TEST(refused.status == 2);
    BOOST_TEST(refused.err == "iri: cannot load the Public Suffix List: " + passwd +
                                  ":1: \"root:x:0:0:root:/root:/bin/bash\" is not a Public Suffix List rule: a label "
                                  "holds a character other than a letter, a digit or \"-\"\n",
               refused.err);
    const ran unicode =
        run({"site", "--psl", list, "--host-form", "unicode", "http://xn--r8jz45g.jp/", "http://例え.jp./"});
    BOOST_TEST(unicode.out == "jp\t例え.jp\njp\t例え.jp\n");
    const ran ascii = run({"site", "--psl", list, "--host-form", "ascii", "http://例え.jp/", "xn--r8jz45g.jp."});
    BOOST_TEST(ascii.out == "jp\txn--r8jz45g.jp\njp\txn--r8jz45g.jp\n");
    const ran input = run({"site", "--psl", list, "http://例え.jp/", "http://xn--r8jz45g.jp./"});
    BOOST_TEST(input.out == "jp\t例え.jp\njp.\txn--r8jz45g.jp.\n");  // the default: the input's spelling
    const ran pairs = run({"site", "--psl", list, "--pairs"}, "https://a.example.co.uk/x/\t//b.github.io/y\n");
    BOOST_TEST(pairs.out == "github.io\tb.github.io\n");
    BOOST_TEST(run({"site", "--base", "http://a/", "x"}).status == 2);  // --pairs, not --base
    BOOST_TEST(run({"validate", "--host-form", "ascii", "http://a/"}).status == 2);
}

// surt --with-input: "key<TAB>input", a CDX line's first two fields; --pairs: the key of the href resolved by
// the URL Standard ("\" is a special URL's "/", ".." resolved).
BOOST_AUTO_TEST_CASE(surt_cdx_and_pairs) {
    const ran cdx = run({"surt", "--with-input", "http://www.archive.org/goo/?a=2&b&a=1", "http://b.org/"});
    BOOST_TEST(cdx.out ==
               "org,archive)/goo?a=1&a=2&b\thttp://www.archive.org/goo/?a=2&b&a=1\norg,b)/\thttp://b.org/\n");
    const ran pairs =
        run({"surt", "--pairs"}, "https://example.org/a/\t../b?x=1\nhttp://example.com/\thttp://example.com\\a\n");
    BOOST_TEST(pairs.out == "org,example)/b?x=1\ncom,example)/a\n");
    const ran canon = run({"canonicalize", "--pairs"}, "http://h/a/\tB/../c#f\n");
    BOOST_TEST(canon.out == "http://h/a/c\n");
    const ran bad_page = run({"surt", "--pairs"}, "not a url\tx\n");
    BOOST_TEST(bad_page.status == 1);
    BOOST_TEST(bad_page.out == "\n");  // a line subcommand: the failure's line, and its diagnostic about the page
    BOOST_TEST(bad_page.err.starts_with("iri: (standard input):1: the base: url_failure: "), bad_page.err);
    BOOST_TEST(run({"canonicalize", "--with-input", "http://a/"}).status == 2);
}

// index-columns: the schema's columns as a TSV row (a header with --tsv) or a JSON object.
BOOST_AUTO_TEST_CASE(index_columns) {
    const std::string list = std::string(IRI_SOURCE_DIR) + "/tests/crawl/public_suffix_list.dat";
    const ran tsv = run({"index-columns", "--psl", list, "--tsv", "https://www.example.com/path/index.html"});
    BOOST_TEST(tsv.status == 0, tsv.err);
    BOOST_TEST(tsv.out ==
               "url_surtkey\turl\turl_host_name\turl_host_tld\turl_host_2nd_last_part\turl_host_3rd_last_part\t"
               "url_host_4th_last_part\turl_host_5th_last_part\turl_host_registry_suffix\turl_host_registered_domain\t"
               "url_host_private_suffix\turl_host_private_domain\turl_host_name_reversed\turl_protocol\turl_port\t"
               "url_path\turl_query\terror_code\terror_offset\terror_component\terror_message\n"
               "com,example)/path/index.html\thttps://www.example.com/path/index.html\twww.example.com\tcom\texample\t"
               "www\t\t\tcom\texample.com\tcom\texample.com\tcom.example.www\thttps\t\t/path/index.html\t\t\t\t\t\n");
    // The text output: the row alone, without the header and the error's columns.
    const ran text = run({"index-columns", "--psl", list, "https://www.example.com/path/index.html"});
    BOOST_TEST(text.out ==
               "com,example)/path/index.html\thttps://www.example.com/path/index.html\twww.example.com\tcom\texample\t"
               "www\t\t\tcom\texample.com\tcom\texample.com\tcom.example.www\thttps\t\t/path/index.html\t\n");
    const ran json = run({"index-columns", "--psl", list, "--json", "http://123.123.123.123:8443/?q", "http://a b/"});
    BOOST_TEST(json.status == 1);
    BOOST_TEST(
        json.out.starts_with(
            "{\"url_surtkey\": \"123,123,123,123:8443)/?q\", \"url\": \"http://123.123.123.123:8443/?q\", "
            "\"url_host_name\": \"123.123.123.123\", \"url_host_tld\": null, \"url_host_2nd_last_part\": null, "
            "\"url_host_3rd_last_part\": null, \"url_host_4th_last_part\": null, \"url_host_5th_last_part\": null, "
            "\"url_host_registry_suffix\": null, \"url_host_registered_domain\": null, "
            "\"url_host_private_suffix\": null, \"url_host_private_domain\": null, "
            "\"url_host_name_reversed\": null, \"url_protocol\": \"http\", \"url_port\": 8443, "
            "\"url_path\": \"/\", \"url_query\": \"q\"}\n{\"url\": \"http://a b/\", \"error\": {\"code\": "
            "\"url_failure\""),
        json.out);
    BOOST_TEST(run({"index-columns", "--icann-only", "http://a/"}).status == 2);
    BOOST_TEST(run({"index-columns", "--host-form", "input", "http://a/"}).status == 2);
}

// Many inputs on several threads come out in input order, each line its input's answer.
BOOST_AUTO_TEST_CASE(site_in_input_order_with_several_jobs) {
    const std::string list = std::string(IRI_SOURCE_DIR) + "/tests/crawl/public_suffix_list.dat";
    std::string input, expected;
    for (int i = 0; i < 20000; ++i) {
        const std::string n = std::to_string(i);
        input += i % 2 ? "http://www.h" + n + ".co.uk/p\n" : "a.b" + n + ".github.io\n";
        expected += i % 2 ? "co.uk\th" + n + ".co.uk\n" : "github.io\tb" + n + ".github.io\n";
    }
    const ran r = run({"site", "--psl", list, "--jobs", "4"}, input);
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.out == expected);
}

// Issue 40: a pipeline of line subcommands keeps line N of every stage answering line N of the input. URL Standard
// §4.4: "x" against http://a.com/ is http://a.com/x; "http://[::1" fails (IPv6-unclosed); "//www.B.org/p?b=2&a=1"
// takes the page's scheme. The SURT key (the surt package): the host reversed, "www" dropped, the query sorted.
// The empty line, the href that fails and the line without a TAB are empty lines at each stage, each stage's
// diagnostic naming the line, and both stages exit with 1.
BOOST_AUTO_TEST_CASE(a_pipeline_keeps_one_line_per_input_line) {
    const std::string input =
        "http://a.com/\tx\nhttp://a.com/\thttp://[::1\n\nno tab\nhttp://a.com/\t//www.B.org/p?b=2&a=1\n";
    const ran url = run({"url", "--pairs"}, input);
    BOOST_TEST(url.status == 1);
    BOOST_TEST(url.out == "http://a.com/x\n\n\n\nhttp://www.b.org/p?b=2&a=1\n");
    const ran surt = run({"surt"}, url.out);
    BOOST_TEST(surt.status == 1);
    BOOST_TEST(surt.out == "com,a)/x\n\n\n\norg,b)/p?a=1&b=2\n");
    // paste(1) of the input and the output: every input line has its answer beside it.
    std::istringstream in_lines(input), out_lines(surt.out);
    std::vector<std::pair<std::string, std::string>> pasted;
    for (std::string a, b; std::getline(in_lines, a);) {
        BOOST_TEST_REQUIRE(static_cast<bool>(std::getline(out_lines, b)), "no output line for input line " << a);
        pasted.emplace_back(a, b);
    }
    std::string rest;
    BOOST_TEST(!std::getline(out_lines, rest));
    BOOST_TEST(pasted.size() == 5u);
    BOOST_TEST(pasted[4].second == "org,b)/p?a=1&b=2");
    BOOST_TEST(url.err.find("iri: (standard input):2: url_failure: ") != std::string::npos, url.err);
    BOOST_TEST(url.err.find("\niri: (standard input):3: empty_line: an empty line\n") != std::string::npos, url.err);
    BOOST_TEST(url.err.find("\niri: (standard input):4: bad_input: a pair needs a TAB between base and reference\n") !=
                   std::string::npos,
               url.err);
    BOOST_TEST(surt.err ==
                   "iri: (standard input):2: empty_line: an empty line\n"
                   "iri: (standard input):3: empty_line: an empty line\n"
                   "iri: (standard input):4: empty_line: an empty line\n",
               surt.err);
}

// Every line subcommand answers an empty line, a line that fails and (with --pairs) a line without a TAB alike:
// the line --on-error chooses (empty, the input, none), a diagnostic with the line number on standard error, one
// JSON record per line, exit status 1. The good lines' answers are the specs' (the surt package's and Safe
// Browsing's examples, RFC 3986 §5.4.1, RFC 3987 §5.3, 3987bis §3 and §4.2, URL Standard §4.4, the pinned Public
// Suffix List).
BOOST_AUTO_TEST_CASE(every_line_subcommand_answers_failures_alike) {
    const std::string list = std::string(IRI_SOURCE_DIR) + "/tests/crawl/public_suffix_list.dat";
    struct row {
        std::vector<std::string> args;
        std::string good, answer, bad, code;
    };
    const std::string base = "http://a/b/c/d;p?q";
    const row rows[] = {
        {{"url"}, "HTTP://A/%7e", "http://a/%7e", "http://[::1", "url_failure"},
        {{"url", "--pairs"}, "http://a/\tb", "http://a/b", "http://a/\thttp://[::1", "url_failure"},
        {{"surt"}, "http://www.archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b", "http://a:8x/", "bad_port"},
        {{"canonicalize"}, "http://3279880203/blah", "http://195.127.0.11/blah", "mailto:x", "disallowed_character"},
        // A bare host is read as an http: URL's host: " " is a forbidden host code point (URL Standard §3.2).
        {{"site", "--psl", list}, "foo.github.io", "github.io\tfoo.github.io", "a b", "url_failure"},
        {{"normalize"}, "HTTP://A/%7e", "http://a/~", "http://a b", "disallowed_character"},
        {{"key", "--rung", "scheme"}, "HTTP://A:80", "http://a/", "http://a b", "disallowed_character"},
        {{"to-uri"}, "http://a/é", "http://a/%C3%A9", "http://a b", "disallowed_character"},
        {{"to-iri"}, "http://a/%C3%A9", "http://a/é", "http://a b", "disallowed_character"},
        {{"resolve", "--base", base}, "../g", "http://a/b/g", "b c", "disallowed_character"},
        {{"resolve", "--pairs"}, base + "\t../g", "http://a/b/g", base + "\tb c", "disallowed_character"},
        {{"relativize", "--base", base}, "http://a/b/g", "../g", "http://a/b/../g", "not_relativizable"},
        {{"relativize", "--pairs"}, base + "\thttp://a/b/g", "../g", base + "\thttp://a/b/../g", "not_relativizable"},
        {{"compare", "--rung", "scheme", "--base", "http://a"},
         "http://a:80/",
         "equivalent\thttp://a\thttp://a:80/",
         "http://a b",
         "disallowed_character"},
        {{"compare", "--pairs"},
         "http://a/%7e\thttp://a/~",
         "equivalent\thttp://a/%7e\thttp://a/~",
         "x\ty z",
         "disallowed_character"},
    };
    for (const row& r : rows) {
        const bool pairs = std::find(r.args.begin(), r.args.end(), "--pairs") != r.args.end();
        const std::string what = r.args[0] + (pairs ? " --pairs" : "");
        std::string input = r.good + "\n\n" + r.bad + "\n";
        if (pairs) input += "no tab\n";
        // The bad line as --on-error input shows it: a pair's reference.
        const std::string bad_shown = pairs ? r.bad.substr(r.bad.find('\t') + 1) : r.bad;
        auto with = [&](std::vector<std::string> extra) {
            std::vector<std::string> args = r.args;
            args.insert(args.end(), extra.begin(), extra.end());
            return run(args, input);
        };
        const ran e = with({});
        BOOST_TEST(e.status == 1, what);
        BOOST_TEST(e.out == r.answer + "\n\n\n" + (pairs ? "\n" : ""), what << ": " << e.out);
        BOOST_TEST(e.err.starts_with("iri: (standard input):2: empty_line: an empty line\n"
                                     "iri: (standard input):3: " +
                                     r.code + ": "),
                   what << ": " << e.err);
        if (pairs)
            BOOST_TEST(e.err.ends_with("\niri: (standard input):4: bad_input: a pair needs a TAB between base and "
                                       "reference\n"),
                       what << ": " << e.err);
        const ran i = with({"--on-error", "input"});
        BOOST_TEST(i.out == r.answer + "\n\n" + bad_shown + "\n" + (pairs ? "no tab\n" : ""), what << ": " << i.out);
        const ran k = with({"--on-error", "skip"});
        BOOST_TEST(k.status == 1, what);
        BOOST_TEST(k.out == r.answer + "\n", what << ": " << k.out);
        const ran q = with({"--quiet"});
        BOOST_TEST((q.out.empty() && q.err.empty() && q.status == 1), what);
        // JSON: one record per line, the failures' with their code.
        const ran j = with({"--json"});
        BOOST_TEST(j.status == 1, what);
        BOOST_TEST(j.err.empty(), what << ": " << j.err);
        std::istringstream records(j.out);
        std::vector<std::string> codes;
        for (std::string line; std::getline(records, line);) {
            boost::system::error_code ec;
            const boost::json::value v = boost::json::parse(line, ec);
            BOOST_TEST_REQUIRE(!ec, what << ": " << line);
            const auto* error = v.as_object().if_contains("error");
            codes.push_back(error ? std::string(error->as_object().at("code").as_string()) : "");
        }
        std::vector<std::string> want = {"", "empty_line", r.code};
        if (pairs) want.push_back("bad_input");
        BOOST_TEST(codes == want, what << ": " << j.out);
    }
}

// --on-error and --explain are for the text output of the line subcommands.
BOOST_AUTO_TEST_CASE(on_error_and_explain_are_usage_checked) {
    BOOST_TEST(run({"normalize", "--on-error", "input", "http://a/"}).status == 0);
    BOOST_TEST(run({"normalize", "--on-error", "ignore", "http://a/"}).status == 2);
    BOOST_TEST(run({"validate", "--on-error", "skip", "http://a/"}).status == 2);
    BOOST_TEST(run({"check", "--explain", "http://a/"}).status == 2);
    BOOST_TEST(run({"normalize", "--json", "--on-error", "skip", "http://a/"}).status == 2);
    BOOST_TEST(run({"normalize", "--tsv", "--explain", "http://a/"}).status == 2);
    BOOST_TEST(run({"normalize", "--explain", "--on-error", "skip", "http://a/"}).status == 2);
    BOOST_TEST(run({"parse", "--scheme", "--tsv", "mailto:a@b"}).status == 2);
    // --explain: the block validate prints, on standard output, no diagnostic.
    const ran x = run({"normalize", "--explain", "http://a b"});
    BOOST_TEST(x.status == 1);
    BOOST_TEST(x.out.starts_with("invalid\thttp://a b\n  http://a b\n          ^ disallowed_character: "), x.out);
    BOOST_TEST(x.err.empty());
    // validate, parse and check: an empty line is invalid too, shown in their blocks.
    BOOST_TEST(run({"validate"}, "http://a/\n\n").out == "valid\thttp://a/\ninvalid\t(an empty line)\n");
    BOOST_TEST(run({"check"}, "\n").out == "invalid\t(an empty line)\n");
    BOOST_TEST(run({"validate"}, "\n").status == 1);
}
