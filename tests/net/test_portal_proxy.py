"""What the relay hands the web portal (net/portal_proxy.py): the browser's address and scheme
as the relay saw them, never as the browser claims, and bodies within the upload limit."""

from champions_mush.net.portal_proxy import MAX_BODY, for_portal


def _split(head: bytes):
    lines = head.split(b"\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower()] = value.strip()
    return lines, headers


def test_the_relay_says_who_the_browser_is_and_closes_after_one_answer():
    lines, headers = _split(b"POST /login HTTP/1.1\r\nHost: game\r\nX-Forwarded-For: 6.6.6.6\r\n"
                            b"X-Forwarded-Proto: https\r\nConnection: keep-alive\r\nContent-Length: 12")
    head, length, refusal = for_portal(lines, headers, "203.0.113.9")
    assert refusal is None and length == 12
    assert head == (b"POST /login HTTP/1.1\r\nHost: game\r\nContent-Length: 12\r\n"
                    b"X-Forwarded-For: 203.0.113.9\r\nX-Forwarded-Proto: http\r\nConnection: close\r\n\r\n")


def test_a_tls_proxy_on_this_machine_is_believed():
    lines, headers = _split(b"GET /who HTTP/1.1\r\nX-Forwarded-For: 198.51.100.7\r\nX-Forwarded-Proto: https")
    head, length, refusal = for_portal(lines, headers, "127.0.0.1")
    assert refusal is None and length == 0
    assert head == (b"GET /who HTTP/1.1\r\nX-Forwarded-For: 198.51.100.7\r\nX-Forwarded-Proto: https\r\n"
                    b"Connection: close\r\n\r\n")


def test_bodies_over_the_limit_or_unmeasured_are_refused():
    big = _split(f"POST /account/upload HTTP/1.1\r\nContent-Length: {MAX_BODY + 1}".encode())
    assert for_portal(*big, "203.0.113.9")[2] == (413, "That upload is over 5 MB.")
    chunked = _split(b"POST /login HTTP/1.1\r\nTransfer-Encoding: chunked")
    assert for_portal(*chunked, "203.0.113.9")[2] == (411, "Send the request with a Content-Length.")
    odd = _split(b"POST /login HTTP/1.1\r\nContent-Length: -5")
    assert for_portal(*odd, "203.0.113.9")[2] == (400, "That request's Content-Length is not a number.")
