"""Every function of the iri package, with the specs' worked examples, absent vs empty components, errors with
their offsets, and bad input (lone surrogates, invalid UTF-8, NUL)."""
import pickle

import pytest

import iri


# ---- parse and is_valid ----

def test_parse_rfc3986_example():
    # RFC 3986 §3
    r = iri.parse("foo://example.com:8042/over/there?name=ferret#nose")
    assert (r.scheme, r.authority, r.userinfo, r.host, r.port, r.path, r.query, r.fragment) == (
        "foo", "example.com:8042", None, "example.com", "8042", "/over/there", "name=ferret", "nose")
    assert r.host_kind == "reg-name" and r.port_number == 8042 and r.grammar == "iri"


def test_absent_versus_empty():
    # RFC 3986 §5.3: "http://a?" has an empty query, "http://a" none
    assert iri.parse("http://a?").query == ""
    assert iri.parse("http://a").query is None
    r = iri.parse("http://@a:?#")
    assert (r.userinfo, r.port, r.query, r.fragment) == ("", "", "", "")
    assert r.port_number is None
    r = iri.parse("")
    assert r.path == "" and r.scheme is None and r.authority is None and r.host is None and r.host_kind is None


def test_host_kinds():
    assert iri.parse("http://[2001:db8::7]/").host_kind == "IPv6address"
    assert iri.parse("http://[2001:db8::7]/").host == "[2001:db8::7]"
    assert iri.parse("ldap://192.0.2.16/").host_kind == "IPv4address"
    assert iri.parse("http://[v1.x]/").host_kind == "IPvFuture"
    assert iri.parse("mailto:a@b").host_kind is None


def test_parse_non_ascii_and_bytes():
    r = iri.parse("http://例え.jp/引き割り?q#f")
    assert r.host == "例え.jp" and r.path == "/引き割り"
    b = iri.parse("http://例え.jp/引き割り?q#f".encode("utf-8"))
    assert b.host == "例え.jp" and b == r and hash(b) == hash(r)
    assert str(r) == "http://例え.jp/引き割り?q#f"
    assert iri.parse("a:b") != iri.parse("a:c")
    assert iri.parse("a:b", grammar="uri") != iri.parse("a:b")  # another grammar
    assert iri.parse("a:b") != "a:b" and not iri.parse("a:b") == "a:b"  # a str is not a Reference
    assert {iri.parse("a:b"): 1}[iri.parse(b"a:b")] == 1


def test_reference_is_immutable():
    r = iri.parse("http://a/")
    with pytest.raises(AttributeError):
        r.host = "b"


def test_parse_productions():
    assert iri.parse("例え.jp", production="ihost").host == "例え.jp"
    assert iri.parse("8042", grammar="uri", production="port").port == "8042"
    with pytest.raises(ValueError, match="no production"):
        iri.parse("x", production="no-such-rule")
    with pytest.raises(ValueError, match="unknown grammar"):
        iri.parse("x", grammar="klingon")


def test_is_valid():
    assert iri.is_valid("http://a/résumé")
    assert not iri.is_valid("http://a/résumé", grammar="uri")
    assert iri.is_valid("http://a/b c", grammar="leiri")
    assert not iri.is_valid("http://a/b c")
    assert iri.is_valid("absolute:iri", production="absolute-IRI")
    assert not iri.is_valid("relative", production="absolute-IRI")
    assert iri.is_valid(b"http://a/") and iri.is_valid(bytearray(b"http://a/"))
    assert not iri.is_valid(b"http://a/\xff")
    assert iri.is_valid("")  # the empty relative reference


# ---- errors ----

def test_error_attributes():
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://a b")
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.code, e.offset, e.byte_offset, e.component) == ("disallowed_character", 8, 8, "host")
    assert "U+0020" in e.message and str(e) == e.message


def test_error_offsets_are_str_indices():
    # "é" is 2 bytes: the space after "http://é/é" is character 10, byte 12
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://é/é x")
    assert info.value.offset == 10 and info.value.byte_offset == 12 and info.value.component == "path"
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://é/é x".encode("utf-8"))
    assert info.value.offset == 12


def test_error_codes():
    cases = {
        "http://[::1": ("unexpected_end", 11),          # IP-literal needs "]"
        "http://a/%zz": ("bad_percent_encoding", 10),  # RFC 3986 §2.1
        "http://a/\u202e": ("excluded_character", 9),   # RFC 3987 §4.1 (one character: index 9)
    }
    for text, (code, offset) in cases.items():
        with pytest.raises(iri.IRIError) as info:
            iri.parse(text)
        assert (info.value.code, info.value.offset) == (code, offset), text


def test_error_names_the_fault():
    # RFC 3986 §3.2: no "@" in the authority, so it is host ":" port, and port = *DIGIT (§3.2.3) fails at the "a"
    # (byte 21), though the bytes could have been a userinfo up to the "/"
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://example.org:80a/")
    assert (info.value.code, info.value.offset, info.value.component) == ("bad_port", 21, "port")
    assert "the port must be digits" in str(info.value) and "at byte 21" in str(info.value)
    # "é" is one character of two bytes before the port: its "a" is byte 20, str index 19
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://é.example:80a/")
    assert (info.value.offset, info.value.byte_offset, info.value.component) == (19, 20, "port")
    # IP-literal = "[" ... "]" (§3.2.2): the "/" ends the authority first; the fault is the "["
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://[::1/")
    assert (info.value.code, info.value.offset, info.value.component) == ("unclosed_ip_literal", 7, "host")
    # a second "@": the userinfo cannot hold it (§3.2.1)
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://user@@host/")
    assert (info.value.code, info.value.offset, info.value.component) == ("disallowed_character", 12, "userinfo")


def test_error_pickles():
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://a b")
    e = pickle.loads(pickle.dumps(info.value))
    assert (e.code, e.offset, e.component, str(e)) == ("disallowed_character", 8, "host", info.value.message)


def test_lone_surrogate_is_unicode_error():
    for f in (iri.parse, iri.is_valid, iri.normalize, iri.to_uri, iri.canonical_key, iri.check, iri.extract):
        with pytest.raises(UnicodeError):
            f("http://a/\udc80")
    # In a batch, such an item is that item's failure alone (issue 40): False for is_valid_many, None in a slot,
    # or its UnicodeEncodeError with errors="return".
    assert iri.is_valid_many(["http://a/", "http://a/\ud800"]) == [True, False]
    got = iri.normalize_many(["HTTP://A/", "http://a/\ud800"], errors="return")
    assert got[0] == "http://a/" and isinstance(got[1], UnicodeEncodeError)
    with pytest.raises(UnicodeError):
        iri.normalize_many(["http://a/\ud800"], errors="raise")


def test_invalid_utf8_bytes():
    # the offset is the first byte that cannot continue a valid prefix (iri/error.hpp): C3 may start "é", so a
    # lone C3 at the end fails at the end; ED A0 starts a surrogate (D800); F4 can only start U+100000-U+10FFFF,
    # private-use characters that 3987bis §2.2 allows in the query only (iprivate), so not in a first segment
    for bad, offset in ((b"http://a/\x80", 9), (b"http://a/\xc3", 10), (b"http://a/\xc0\xaf", 9),
                        (b"http://a/\xed\xa0\x80", 10), (b"\xf4\x90\x80\x80", 0)):
        with pytest.raises(iri.IRIError) as info:
            iri.parse(bad)
        assert info.value.code == "invalid_utf8" and info.value.offset == offset, bad
        assert not iri.is_valid(bad)


def test_nul_is_a_character():
    with pytest.raises(iri.IRIError) as info:
        iri.parse("http://a/\0b")
    assert info.value.code == "disallowed_character" and info.value.offset == 9
    assert iri.is_valid("http://a/\0b", grammar="leiri")
    assert iri.leiri_to_iri("http://a/\0b") == "http://a/%00b"


def test_wrong_types():
    with pytest.raises(TypeError):
        iri.parse(42)
    with pytest.raises(TypeError):
        iri.is_valid_many("not a list")
    # An item that is not text is its own failure, never the batch's (issue 40).
    assert iri.is_valid_many([b"ok", 3]) == [True, False]
    got = iri.to_uri_many([b"http://a/", 3, None], errors="return")
    assert got[0] == "http://a/" and isinstance(got[1], TypeError) and isinstance(got[2], TypeError)
    with pytest.raises(TypeError):
        iri.to_uri_many([b"http://a/", 3], errors="raise")


def test_megabyte_input():
    long_path = "http://a/" + "b" * 1_000_000
    assert iri.is_valid(long_path)
    with pytest.raises(iri.IRIError) as info:
        iri.parse(long_path + " ")
    assert info.value.offset == len(long_path)


# ---- resolution (RFC 3986 §5.4) ----

BASE = "http://a/b/c/d;p?q"
RFC3986_EXAMPLES = {
    "g:h": "g:h", "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/", "/g": "http://a/g",
    "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y", "#s": "http://a/b/c/d;p?q#s",
    "g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s", ";x": "http://a/b/c/;x",
    "g;x": "http://a/b/c/g;x", "g;x?y#s": "http://a/b/c/g;x?y#s", "": "http://a/b/c/d;p?q", ".": "http://a/b/c/",
    "./": "http://a/b/c/", "..": "http://a/b/", "../": "http://a/b/", "../g": "http://a/b/g",
    "../..": "http://a/", "../../": "http://a/", "../../g": "http://a/g",
    # §5.4.2
    "../../../g": "http://a/g", "../../../../g": "http://a/g", "/./g": "http://a/g", "/../g": "http://a/g",
    "g.": "http://a/b/c/g.", ".g": "http://a/b/c/.g", "g..": "http://a/b/c/g..", "..g": "http://a/b/c/..g",
    "./../g": "http://a/b/g", "./g/.": "http://a/b/c/g/", "g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h",
    "g;x=1/./y": "http://a/b/c/g;x=1/y", "g;x=1/../y": "http://a/b/c/y", "g?y/./x": "http://a/b/c/g?y/./x",
    "g#s/../x": "http://a/b/c/g#s/../x", "http:g": "http:g",
}


def test_resolve_rfc3986_examples():
    for ref, target in RFC3986_EXAMPLES.items():
        assert iri.resolve(BASE, ref) == target, ref
    assert iri.resolve(BASE, "http:g", strict=False) == "http://a/b/c/g"  # §5.4.2, backward compatibility


def test_resolve_many_in_order():
    refs = list(RFC3986_EXAMPLES)
    assert iri.resolve_many(BASE, refs) == list(RFC3986_EXAMPLES.values())
    assert iri.resolve_many([BASE] * len(refs), refs, jobs=2) == list(RFC3986_EXAMPLES.values())


def test_resolve_errors():
    with pytest.raises(iri.IRIError) as info:
        iri.resolve("a/b", "c")
    assert info.value.code == "base_not_absolute"
    with pytest.raises(iri.IRIError) as info:
        iri.resolve(BASE, "g h")
    assert (info.value.input, info.value.offset) == ("ref", 1)
    with pytest.raises(iri.IRIError) as info:
        iri.resolve("http://a b/", "g")
    assert info.value.input == "base"
    assert iri.resolve_many(BASE, ["g", "g h", "?y"]) == ["http://a/b/c/g", None, "http://a/b/c/d;p?y"]
    with pytest.raises(iri.IRIError) as info:
        iri.resolve_many(BASE, ["g", "g h", "x y"], errors="raise")
    assert info.value.offset == 1 and info.value.input == "ref"
    with pytest.raises(ValueError, match="differ in length"):
        iri.resolve_many([BASE], ["a", "b"])
    with pytest.raises(ValueError, match="errors must be"):
        iri.resolve_many(BASE, ["a"], errors="ignore")


def test_relativize():
    assert iri.relativize(BASE, "http://a/b/c/d;p?y") == "?y"
    assert iri.relativize(BASE, "http://x/y") == "//x/y"
    assert iri.relativize(BASE, "http://a/b/g") == "../g"
    for target in ("http://a/b/c/g;x?y#s", "http://a/g", "ftp://a/b", "http://a/b/c/d;p?q#f"):
        assert iri.resolve(BASE, iri.relativize(BASE, target)) == target
    with pytest.raises(iri.IRIError) as info:
        iri.relativize("b", "http://a/")
    assert info.value.code == "base_not_absolute"
    with pytest.raises(iri.IRIError) as info:  # resolution removes dot segments (§5.2.4): nothing resolves to it
        iri.relativize("http://a/", "http://a/b/../c")
    assert info.value.code == "not_relativizable" and info.value.component == "path"
    assert info.value.input == "target"


# ---- normalization and keys (RFC 3986 §6.2, RFC 3987 §5.3) ----

def test_normalize():
    assert iri.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d") == "example://a/b/c/%7Bfoo%7D"  # RFC 3986 §6.2.2
    assert iri.normalize("HTTP://www.Example.COM:80/%7euser/./a/../b?q#f", rung="scheme") == \
        "http://www.example.com/~user/b?q#f"
    assert iri.normalize("http://a/ros%C3%A9") == "http://a/rosé"  # RFC 3987 §5.3.2.3
    assert iri.normalize("http://a/b%2Fc") == "http://a/b%2Fc"  # reserved: stays encoded
    assert iri.normalize("HTTP://A/./b", rung="simple") == "HTTP://A/./b"
    assert iri.normalize("http://a/e\u0301") == "http://a/e\u0301"
    assert iri.normalize("http://a/e\u0301", nfc=True) == "http://a/\u00e9"  # §5.3.2.2, opt-in
    assert iri.normalize("http://a/b#f", keep_fragment=False) == "http://a/b"
    with pytest.raises(ValueError, match="rung"):
        iri.normalize("a:b", rung="maximal")
    with pytest.raises(iri.IRIError):
        iri.normalize("http://a b")
    assert iri.normalize_many(["HTTP://A/", "a b", "x:%7e"], jobs=2) == ["http://a/", None, "x:~"]


def test_equivalent():
    # RFC 3986 §6.2.3: equivalent by scheme-based normalization, not by syntax alone
    for other in ("http://example.com/", "http://example.com:/", "http://example.com:80/"):
        assert iri.equivalent("http://example.com", other, rung="scheme")
    assert not iri.equivalent("http://example.com", "http://example.com:/")
    # RFC 3987 §5.3.3: IDN equivalence
    assert iri.equivalent("http://résumé.example.org/", "http://xn--rsum-bpad.example.org/", rung="scheme")
    assert iri.equivalent("http://a/#x", "http://a/#y", keep_fragment=False)
    with pytest.raises(iri.IRIError) as info:
        iri.equivalent("http://a/", "a b")
    assert info.value.input == "b"


def test_defaults_are_the_syntax_rung_with_the_fragment():
    # One set of defaults with C++, C and the tool (normalize.hpp): the syntax rung (RFC 3987 §5.3.2: the scheme
    # and the ASCII host lowercased, the port kept as text), no NFC, the fragment kept; a key is the normal form.
    u = "HTTP://EXAMPLE.com:80/#x"
    assert iri.canonical_key(u) == "http://example.com:80/#x"
    assert iri.normalize(u) == "http://example.com:80/#x"
    assert iri.canonical_key_many([u]) == ["http://example.com:80/#x"]
    assert iri.normalize_many([u]) == ["http://example.com:80/#x"]
    assert not iri.equivalent(u, "http://example.com/#x")
    # the scheme rung (§5.3.3), asked for: the default port 80 dropped
    assert iri.canonical_key(u, rung="scheme") == "http://example.com/#x"
    assert iri.canonical_key_many([u], rung="scheme") == ["http://example.com/#x"]
    assert iri.equivalent(u, "http://example.com/#x", rung="scheme")


def test_level_is_an_alias_of_rung():
    u = "HTTP://EXAMPLE.com:80/%7e#x"
    assert iri.normalize(u, level="scheme") == iri.normalize(u, rung="scheme") == "http://example.com/~#x"
    assert iri.canonical_key(u, level="simple") == u
    assert iri.canonical_key_many([u], level="scheme") == ["http://example.com/~#x"]
    assert iri.normalize_many([u], level="scheme") == ["http://example.com/~#x"]
    assert iri.equivalent(u, "http://example.com/~#x", level="scheme")
    for call in (lambda: iri.normalize(u, rung="scheme", level="scheme"),
                 lambda: iri.canonical_key(u, rung="syntax", level="scheme"),
                 lambda: iri.equivalent(u, u, rung="scheme", level="scheme"),
                 lambda: iri.normalize_many([u], rung="scheme", level="scheme"),
                 lambda: iri.canonical_key_many([u], rung="scheme", level="syntax")):
        with pytest.raises(ValueError, match="not both"):
            call()
    with pytest.raises(ValueError, match="rung"):
        iri.normalize(u, level="maximal")


def test_keys_are_iris_and_as_uri_gives_the_uri():
    # A key is an IRI: "%C3%A9" is the UTF-8 of "é", an iunreserved character, decoded (RFC 3987 §5.3.2.3); the
    # syntax rung keeps the case of a host that is not US-ASCII only (§5.3.2.1).
    assert iri.canonical_key("http://Résumé.example.org/ros%C3%A9") == "http://Résumé.example.org/rosé"
    # as_uri: RFC 3987 §3.1 writes "é" as its UTF-8 octets "%C3%A9"; the host by UTS #46 ToASCII (3987bis §3.4.2):
    # mapped to lowercase, then the punycode label "xn--rsum-bpad".
    uri = "http://xn--rsum-bpad.example.org/ros%C3%A9"
    assert iri.normalize("http://Résumé.example.org/rosé", as_uri=True) == uri
    assert iri.canonical_key("http://Résumé.example.org/rosé", as_uri=True) == uri
    assert iri.canonical_key("HTTP://résumé.example.org:80/ros%c3%a9", rung="scheme", as_uri=True) == uri
    assert iri.normalize_many(["http://Résumé.example.org/rosé", "a b"], as_uri=True) == [uri, None]
    assert iri.canonical_key_many(["rosé"], bases="http://Résumé.example.org/x", as_uri=True) == [uri]
    assert iri.normalize("http://a/b?q=%7e#f", as_uri=True) == "http://a/b?q=~#f"  # ASCII: as without it


def test_canonical_keys():
    k = iri.canonical_key("HTTP://xn--rsum-bpad.EXAMPLE.org:80", rung="scheme")
    assert k == iri.canonical_key("http://résumé.example.org/", rung="scheme")
    assert k != iri.canonical_key("http://résumé.example.org/x", rung="scheme")
    keys = iri.canonical_key_many(["../g", "HTTP://A:80/b/g", "g h", "#f"], bases="http://a/b/c/d", rung="scheme",
                              keep_fragment=False)
    assert keys == ["http://a/b/g", "http://a/b/g", None, "http://a/b/c/d"]
    assert iri.canonical_key_many(["HTTP://A:80/", "x y"], rung="scheme") == ["http://a/", None]
    with pytest.raises(iri.IRIError) as info:
        iri.canonical_key_many(["g", "g h"], bases=["http://a/", "http://a/"], errors="raise")
    assert info.value.input == "ref" and info.value.offset == 1
    with pytest.raises(iri.IRIError) as info:
        iri.canonical_key_many(["g"], bases=["relative/base"], errors="raise")
    assert info.value.code == "base_not_absolute"


# ---- conversions ----

def test_to_uri():
    # RFC 3987 §3.1's examples
    assert iri.to_uri("http://www.example.org/red%09rosé#red") == "http://www.example.org/red%09ros%C3%A9#red"
    assert iri.to_uri("http://résumé.example.org/") == "http://r%C3%A9sum%C3%A9.example.org/"
    assert iri.to_uri("http://résumé.example.org/", host="idna") == "http://xn--rsum-bpad.example.org/"
    # 3987bis §3.5: the query in the document's charset (ö is F6 in ISO-8859-1)
    assert iri.to_uri("http://example.org/?ö", charset="ISO-8859-1") == "http://example.org/?%F6"
    assert iri.to_uri("http://a/b c", encode_unsafe_ascii=True) == "http://a/b%20c"
    with pytest.raises(iri.IRIError) as info:
        iri.to_uri("http://-é.org/", host="idna")  # UTS #46 CheckHyphens
    assert info.value.code == "idna_failed" and info.value.component == "host"
    with pytest.raises(ValueError, match="host must be"):
        iri.to_uri("a:b", host="punycode")
    assert iri.to_uri_many(["http://é/", "a b", "x:y"], host="idna", jobs=2) == ["http://xn--9ca/", None, "x:y"]


def test_to_iri():
    # RFC 3987 §3.2.1's examples
    assert iri.to_iri("http://www.example.org/D%C3%BCrst") == "http://www.example.org/Dürst"
    assert iri.to_iri("http://www.example.org/D%FCrst") == "http://www.example.org/D%FCrst"
    assert iri.to_iri("http://xn--99zt52a.example.org/%e2%80%ae") == "http://xn--99zt52a.example.org/%E2%80%AE"
    assert iri.to_iri("http://xn--rsum-bpad.example.org/", unicode_hosts=True) == "http://résumé.example.org/"
    with pytest.raises(iri.IRIError):
        iri.to_iri("http://a/é")  # not a URI
    assert iri.to_iri_many(["http://a/%C3%A9", "bad uri"]) == ["http://a/é", None]


def test_leiri_to_iri():
    # 3987bis §6.2: what LEIRIs allow and IRIs do not becomes %HH
    assert iri.leiri_to_iri("http://a/b c<d>") == "http://a/b%20c%3Cd%3E"
    assert iri.leiri_to_iri("http://a/\u202eb") == "http://a/%E2%80%AEb"
    with pytest.raises(iri.IRIError) as info:
        iri.leiri_to_iri(b"http://a/\xff")
    assert info.value.code == "invalid_utf8"


def test_percent_encoding():
    assert iri.percent_encode("a b/é") == "a%20b%2Fé"
    assert iri.percent_encode("a b/é", grammar="uri") == "a%20b%2F%C3%A9"
    assert iri.percent_encode("a=b&c", component="query", also="&=") == "a%3Db%26c"
    assert iri.percent_encode("%41", component="query", literal=True) == "%2541"
    assert iri.percent_decode("a%20b%2F") == b"a b/"
    assert iri.percent_decode("a%00b") == b"a\0b"
    assert iri.percent_decode("r%C3%A9sum%C3%A9", utf8=True) == "résumé"
    assert iri.percent_decode("100%", strict=False) == b"100%"
    with pytest.raises(iri.IRIError) as info:
        iri.percent_decode("r%E9sum%E9", utf8=True)
    assert (info.value.code, info.value.offset) == ("invalid_utf8", 1)
    with pytest.raises(iri.IRIError) as info:
        iri.percent_decode("100%")
    assert info.value.code == "bad_percent_encoding"


def test_hosts_charsets_dot_segments():
    assert iri.host_to_ascii("résumé.example.org") == "xn--rsum-bpad.example.org"  # RFC 3987 §3.1
    assert iri.host_to_unicode("xn--rsum-bpad.example.org") == "résumé.example.org"
    with pytest.raises(iri.IRIError) as info:
        iri.host_to_ascii("-é.org")  # UTS #46 CheckHyphens
    assert info.value.code == "idna_failed"
    assert iri.from_charset(b"http://a/r\xe9sum\xe9", "ISO-8859-1") == "http://a/résumé"  # RFC 3987 §3.1 variant B
    with pytest.raises(iri.IRIError) as info:
        iri.from_charset(b"ab\x80", "US-ASCII")  # US-ASCII defines no byte above 0x7F
    assert (info.value.code, info.value.offset) == ("invalid_encoding", 2)
    with pytest.raises(iri.IRIError) as info:
        iri.from_charset(b"a", "no-such-charset")
    assert info.value.code == "unknown_charset"
    assert iri.remove_dot_segments("/a/b/c/./../../g") == "/a/g"  # RFC 3986 §5.2.4
    assert iri.remove_dot_segments("mid/content=5/../6") == "mid/6"


# ---- check and extract ----

def test_check():
    # RFC 3986 §7.6's example
    found = iri.check("http://www.example.com&story=breaking_news@10.0.0.1/")
    userinfo = [d for d in found if d.code == "security.userinfo"]
    assert len(userinfo) == 1
    d = userinfo[0]
    assert (d.start, d.end, d.component, d.severity) == (7, 42, "userinfo", "warning")
    assert d.message and d.spec
    syntax = iri.check(b"http://a/\xff")
    assert syntax[0].code.startswith("syntax.") and syntax[0].severity == "error" and syntax[0].start == 9
    assert iri.check("http://a/") == []


def test_check_offsets_in_str_indices():
    found = iri.check("http://é@a/")  # userinfo "é": characters [7, 8), bytes [7, 9)
    userinfo = [d for d in found if d.code == "security.userinfo"]
    assert userinfo and (userinfo[0].start, userinfo[0].end) == (7, 8)


def test_extract():
    # RFC 3986 Appendix C's example
    text = ('Yes, Jim, I found it under "http://www.w3.org/Addressing/",\n'
            "but you can probably pick it up from <ftp://ds.internic.\nnet/rfc/>.")
    found = iri.extract(text)
    assert [m.value for m in found] == ["http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/"]
    assert (found[0].start, found[0].end, found[0].delimiter) == (28, 57, "double_quotes")
    assert found[1].delimiter == "angle_brackets"
    # 3987bis §8.3: offsets in characters of the str
    found = iri.extract("見て http://例え.jp/引き割り。")
    assert [(m.value, m.start, m.end) for m in found] == [("http://例え.jp/引き割り", 3, 20)]
    assert iri.extract(b"\xff http://a/b \0") == [iri.Match("http://a/b", 2, 12, "none")]


def test_grammar_lookup():
    assert {"iri", "uri", "rfc3987", "leiri"} <= set(iri.grammars())
    # the rules' text as 3987bis §2.2 and RFC 3986 Appendix A write them (grammar/iri.abnf, grammar/uri.abnf)
    assert iri.production_rule("iri", "URI-reference") == "IRI-reference  = IRI / irelative-ref"
    assert iri.production_rule("uri", "host") == "host          = IP-literal / IPv4address / reg-name"
    assert iri.production_rule("iri", "host") == "ihost          = IP-literal / IPv4address / ireg-name"


# ---- batches ----

def test_validate_many_order_and_jobs():
    items = ["http://a/%d" % i if i % 3 else "bad %d" % i for i in range(1000)]
    expected = [bool(i % 3) for i in range(1000)]
    for jobs in (1, 2, 3, None):
        assert iri.is_valid_many(items, jobs=jobs) == expected
    assert iri.is_valid_many([]) == []
    assert iri.is_valid_many(iter(["a:b", "c d"])) == [True, False]  # any iterable


def test_batches_equal_single_calls():
    hrefs = ["../g", "HTTP://A:80/b/%7e", "g?q#f", "//x/y", "", "a b"]
    base = "http://a/b/c/d;p?q"
    singles = []
    for h in hrefs:
        try:
            singles.append(iri.canonical_key(iri.resolve(base, h)))
        except iri.IRIError:
            singles.append(None)
    assert iri.canonical_key_many(hrefs, bases=base) == singles
    assert iri.canonical_key_many(hrefs, bases=[base] * len(hrefs), jobs=2) == singles


def test_docstring_examples():
    import doctest
    import iri._types

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(iri, "iri", globs={"iri": iri}) + finder.find(iri._types, "iri._types", globs={"iri": iri})
    for name in dir(iri._iri):
        obj = getattr(iri._iri, name)
        if callable(obj) and getattr(obj, "__doc__", None):
            tests += finder.find(obj, name, globs={"iri": iri}, module=False)
    examples = 0
    for t in tests:
        runner.run(t)
        examples += len(t.examples)
    assert runner.failures == 0
    assert examples >= 20
