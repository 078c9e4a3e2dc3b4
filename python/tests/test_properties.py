"""The Python results equal the C++ library's, as the iri command-line tool gives them, on dataset lines and on
generated strings (hypothesis): validity, error code and offset, components, normal forms, resolution and the
conversions. One tool run per batch of inputs."""
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import iri
from conftest import cc_pairs, cli, dataset_lines

COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")

# Characters that matter to the grammar, and some that do not occur in it: ASCII delimiters, "%", hex digits,
# space and controls, non-ASCII letters, a bidi control, a private-use character, an astral one.
ALPHABET = st.sampled_from(list(":/?#[]@!$&'()*+,;=%-._~ aZ09fF\t\0\x7f<>\"{}|\\^`") +
                           ["é", "例", "\u202e", "\ue000", "\U0001f600", "\u0301", "\ufeff"])
REFERENCES = st.one_of(
    st.text(alphabet=ALPHABET, max_size=40),
    st.builds(lambda s, rest: s + ":" + rest, st.sampled_from(["http", "HTTP", "a", "mailto", "urn"]),
              st.text(alphabet=ALPHABET, max_size=40)),
    st.builds(lambda host, rest: "http://" + host + "/" + rest, st.text(alphabet=ALPHABET, max_size=12),
              st.text(alphabet=ALPHABET, max_size=30)),
)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def python_parse(s, grammar="iri"):
    """What iri.parse gives, in the shape of the tool's JSON."""
    try:
        r = iri.parse(s, grammar=grammar)
    except iri.IRIError as e:
        return {"valid": False, "code": e.code, "offset": e.byte_offset, "component": e.component}
    parts = {c: getattr(r, c) for c in COMPONENTS if getattr(r, c) is not None}
    if r.host_kind is not None:
        parts["host_kind"] = r.host_kind
    if r.port_number is not None:
        parts["port_number"] = r.port_number
    return {"valid": True, "components": parts}


def tool_parse(record):
    if not record["valid"]:
        e = record["error"]
        return {"valid": False, "code": e["code"], "offset": e["offset"], "component": e["component"]}
    parts = {k: v for k, v in record["components"].items() if v is not None}
    if parts.get("host_kind") in (None, "none"):
        parts.pop("host_kind", None)
    if not isinstance(parts.get("port_number"), int):
        parts.pop("port_number", None)
    return {"valid": True, "components": parts}


def same_parses(inputs, grammar="iri"):
    tool = [tool_parse(r) for r in cli("parse", inputs, "--grammar", grammar)]
    mine = [python_parse(s, grammar) for s in inputs]
    for s, a, b in zip(inputs, mine, tool):
        assert a == b, s
    assert iri.is_valid_many(inputs, grammar=grammar, jobs=2) == [t["valid"] for t in tool]


def outputs(command, inputs, *options, pairs=False):
    """The tool's output per input, None where it reports an error."""
    return [r.get("output") if r["valid"] else None for r in cli(command, inputs, *options, pairs=pairs)]


# ---- dataset lines ----

def test_parse_equals_tool_on_datasets():
    lines = dataset_lines("url-various-datasets/kasztp.txt", 1500) + \
        dataset_lines("derived/zhwiki_iri_100k.txt", 1500) + dataset_lines("url-various-datasets/userbait.txt", 1500)
    lines = [line.lstrip("\ufeff") for line in lines]
    same_parses(lines)
    same_parses(lines[:1500], grammar="uri")


def test_resolve_and_keys_equal_tool_on_common_crawl_pairs():
    pairs = cc_pairs(3000)
    tool = outputs("resolve", pairs, pairs=True)
    bases = [b for b, _ in pairs]
    hrefs = [h for _, h in pairs]
    assert iri.resolve_many(bases, hrefs, jobs=2) == tool
    targets = [t for t in tool if t is not None]
    normal = outputs("normalize", targets, "--rung", "scheme", "--no-fragment")
    keys = iri.canonical_key_many(hrefs, bases=bases, rung="scheme", keep_fragment=False, jobs=2)
    assert [k for k, t in zip(keys, tool) if t is not None] == normal


def test_conversions_equal_tool_on_datasets():
    iris = dataset_lines("derived/zhwiki_iri_100k.txt", 2000) + dataset_lines("derived/psl_idn_suffix_iris.txt")
    assert iri.to_uri_many(iris, jobs=2) == outputs("to-uri", iris)
    assert iri.to_uri_many(iris, host="idna") == outputs("to-uri", iris, "--host", "idna")
    uris = dataset_lines("derived/zhwiki_uri_100k.txt", 2000)
    assert iri.to_iri_many(uris, jobs=2) == outputs("to-iri", uris)


# ---- generated strings ----

@SETTINGS
@given(st.lists(REFERENCES, min_size=1, max_size=30))
def test_parse_equals_tool_on_generated(inputs):
    same_parses(inputs)
    same_parses(inputs, grammar="leiri")


@SETTINGS
@given(st.lists(REFERENCES, min_size=1, max_size=30), st.sampled_from(["syntax", "scheme"]))
def test_normalize_equals_tool_on_generated(inputs, rung):
    assert iri.normalize_many(inputs, rung=rung) == outputs("normalize", inputs, "--rung", rung)


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["http://a/b/c/d;p?q", "a:b/c", "http://例え.jp/x/", "x"]), REFERENCES),
                min_size=1, max_size=30))
def test_resolve_equals_tool_on_generated(pairs):
    tool = outputs("resolve", pairs, pairs=True)
    assert iri.resolve_many([b for b, _ in pairs], [r for _, r in pairs]) == tool


@SETTINGS
@given(st.lists(REFERENCES, min_size=1, max_size=30))
def test_conversions_equal_tool_on_generated(inputs):
    assert iri.to_uri_many(inputs) == outputs("to-uri", inputs)
    assert iri.to_iri_many(inputs) == outputs("to-iri", inputs)
    assert [iri.to_uri(s) if iri.is_valid(s) else None for s in inputs] == iri.to_uri_many(inputs, jobs=2)


@SETTINGS
@given(st.binary(max_size=40))
def test_arbitrary_bytes_never_crash(data):
    # bytes: either a result or IRIError, never anything else; validity agrees everywhere
    valid = iri.is_valid(data)
    try:
        r = iri.parse(data)
        assert valid and str(r).encode("utf-8") == data
    except iri.IRIError as e:
        assert not valid and 0 <= e.offset <= len(data)
    assert iri.is_valid_many([data]) == [valid]
    iri.check(data)
    iri.extract(data)


@SETTINGS
@given(st.text(max_size=30))
def test_any_str_gives_result_or_clear_error(s):
    try:
        iri.parse(s)
    except iri.IRIError as e:
        assert 0 <= e.offset <= len(s) and e.code
    except UnicodeEncodeError:  # lone surrogates
        assert any(0xD800 <= ord(c) <= 0xDFFF for c in s)
