"""The render cache (text/render.py): one rendering per text and kind, bounded."""

from champions_mush.text.render import RenderCache


def test_each_text_is_rendered_once_per_kind():
    calls = []

    def render(text, kind):
        calls.append((text, kind))
        return f"{kind}:{text}".encode()

    cache = RenderCache(render)
    assert [cache("hi", k) for k in ("a", "b", "a", "b")] == [b"a:hi", b"b:hi", b"a:hi", b"b:hi"]
    assert calls == [("hi", "a"), ("hi", "b")]


def test_a_full_cache_starts_again_instead_of_growing():
    cache = RenderCache(lambda text, kind: text.encode(), size=3)
    for i in range(7):
        cache(str(i), None)
    assert len(cache) == 1
    assert cache("6", None) == b"6"
