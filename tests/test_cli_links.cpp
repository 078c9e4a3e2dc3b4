// iri links (tools/cli/links_command.cpp) run as a process: the links of a page resolved, one per line; its JSON;
// many pages from a list on threads; --unique, --only, --print; the errors (a usage error or an unreadable page:
// status 2, the file and the reason named).
#define BOOST_TEST_MODULE cli_links
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct ran {
    int status = -1;
    std::string out, err;
};

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("iri_test_cli_links_" + std::to_string(getpid()) + name))
        .string();
}

std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The tool with `args`, standard input from `input`.
ran run(std::vector<std::string> args, const std::string& input = "") {
    const std::string in = temp_path(".in"), out = temp_path(".out"), err = temp_path(".err");
    write_file(in, input);
    std::fflush(nullptr);  // the child's streams start empty (freopen flushes what they hold)
    const pid_t pid = fork();
    if (pid == 0) {
        if (!freopen(in.c_str(), "rb", stdin) || !freopen(out.c_str(), "wb", stdout) ||
            !freopen(err.c_str(), "wb", stderr))
            _exit(126);
        std::vector<char*> argv{const_cast<char*>(IRI_CLI)};
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(IRI_CLI, argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    ran r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    std::filesystem::remove(in), std::filesystem::remove(out), std::filesystem::remove(err);
    return r;
}

const std::string page = R"(<base href="/docs/"><a href="a.html?x=1&amp;y=2" rel=nofollow>A</a>
<img srcset="s.png 1x, l.png 2x"><a href="a.html?x=1&amp;y=2">again</a><a href="http://[::1">bad</a>)";

}  // namespace

BOOST_AUTO_TEST_CASE(one_page) {
    // The issue's example: iri links --base https://example.com/dir/page.html page.html
    const std::string file = temp_path("page.html");
    write_file(file, page);
    const ran r = run({"links", "--base", "https://example.com/dir/page.html", file});
    BOOST_TEST(r.status == 0);
    BOOST_TEST(r.out ==
               "https://example.com/docs/a.html?x=1&y=2\nhttps://example.com/docs/s.png\n"
               "https://example.com/docs/l.png\nhttps://example.com/docs/a.html?x=1&y=2\n");
    // Standard input, --unique, --only.
    BOOST_TEST(
        run({"links", "--base", "https://example.com/", "--unique"}, page).out ==
        "https://example.com/docs/a.html?x=1&y=2\nhttps://example.com/docs/s.png\nhttps://example.com/docs/l.png\n");
    BOOST_TEST(run({"links", "--base", "https://example.com/", "--only", "img"}, page).out ==
               "https://example.com/docs/s.png\nhttps://example.com/docs/l.png\n");
    std::filesystem::remove(file);
}

BOOST_AUTO_TEST_CASE(json) {
    const ran r = run({"links", "--base", "https://example.com/", "--json", "--only", "a"}, page);
    BOOST_TEST(r.status == 0);
    std::istringstream lines(r.out);
    std::vector<std::string> l;
    for (std::string s; std::getline(lines, s);) l.push_back(s);
    BOOST_TEST_REQUIRE(l.size() == 3u);
    BOOST_TEST(l[0] == R"({"url": "https://example.com/docs/a.html?x=1&y=2", "element": "a", "attribute": "href", )"
                       R"("value": "a.html?x=1&y=2", "raw": "a.html?x=1&amp;y=2", "offset": 29, "rel": "nofollow"})");
    BOOST_TEST(l[2].starts_with(R"({"url": null, "element": "a", "attribute": "href", "value": "http://[::1")"));
    BOOST_TEST(l[2].find(R"("error": {"code": "url_failure")") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(keys_and_sites) {
    BOOST_TEST(run({"links", "--base", "http://www.example.com/", "--print", "surt", "--only", "a"},
                   "<a href='/b?z=1&amp;a=2'>")
                   .out == "com,example)/b?a=2&z=1\n");
    BOOST_TEST(run({"links", "--base", "http://example.com/", "--print", "key", "--rung", "scheme"},
                   "<a href='HTTP://Example.COM:80/%7euser'>")
                   .out == "http://example.com/~user\n");
    BOOST_TEST(
        run({"links", "--base", "http://example.com/", "--print", "site"}, "<a href='https://a.b.example.co.uk/'>")
            .out == "example.co.uk\n");
}

BOOST_AUTO_TEST_CASE(many_pages) {
    const std::string a = temp_path("a.html"), b = temp_path("b.html"), list = temp_path("list.tsv");
    write_file(a, "<a href=x><a href=y>");
    write_file(b, "<img src=z>");
    write_file(list, "https://one.example/\t" + a + "\n\nhttps://two.example/d/\t" + b + "\n");
    const std::string expected =
        "https://one.example/\thttps://one.example/x\nhttps://one.example/\thttps://one.example/y\n"
        "https://two.example/d/\thttps://two.example/d/z\n";
    BOOST_TEST(run({"links", "--pages", list, "--jobs", "1"}).out == expected);
    BOOST_TEST(run({"links", "--pages", list, "--jobs", "2"}).out == expected);
    const ran j = run({"links", "--pages", list, "--json", "--only", "img"});
    BOOST_TEST(j.out.starts_with(R"({"page": "https://two.example/d/", "url": "https://two.example/d/z")"));
    // A page that cannot be read stops the run: the file and the reason.
    write_file(list, "https://one.example/\t" + a + "\nhttps://two.example/\t/no/such/page.html\n");
    const ran missing = run({"links", "--pages", list});
    BOOST_TEST(missing.status == 2);
    BOOST_TEST(missing.out ==
               "https://one.example/\thttps://one.example/x\nhttps://one.example/\thttps://one.example/y\n");
    BOOST_TEST(missing.err == "iri: cannot read /no/such/page.html: No such file or directory\n");
    write_file(list, "https://one.example/ " + a + "\n");
    const ran no_tab = run({"links", "--pages", list});
    BOOST_TEST(no_tab.status == 2);
    BOOST_TEST(no_tab.err.find(":1: a line of --pages is") != std::string::npos);
    std::filesystem::remove(a), std::filesystem::remove(b), std::filesystem::remove(list);
}

BOOST_AUTO_TEST_CASE(usage_errors) {
    BOOST_TEST(run({"links"}, page).status == 2);  // no --base
    BOOST_TEST(run({"links", "--base", "not a url"}, page).status == 2);
    const ran only = run({"links", "--base", "https://example.com/", "--only", "div"}, page);
    BOOST_TEST(only.status == 2);
    BOOST_TEST(only.err.starts_with("iri: --only: div has no link attribute"));
    BOOST_TEST(run({"links", "--base", "https://example.com/", "/no/such/page.html"}).err ==
               "iri: cannot read /no/such/page.html: No such file or directory\n");
    BOOST_TEST(run({"links", "--help"}).out.starts_with("usage: iri links"));
}
