"""A Hero Designer file uploaded through the portal, decoded as Hero Designer writes it
(UTF-16 with its byte-order mark) or as UTF-8, within the same limit as a paste."""

from __future__ import annotations

import codecs

from ..game.hero import MAX_HDC_BYTES

__all__ = ["UploadError", "decode_hdc"]


class UploadError(ValueError):
    """The file cannot be used: the message says why."""


def decode_hdc(data: bytes) -> str:
    """The file's text; UTF-16 (either byte order, with its mark) or UTF-8."""
    if not data.strip():
        raise UploadError("Choose a Hero Designer file (.hdc) to upload.")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    elif data[:200].count(b"\x00") > 50:  # UTF-16 without its mark: every other byte is zero
        encoding = "utf-16-le" if data[1:2] == b"\x00" else "utf-16-be"
    else:
        encoding = "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        raise UploadError("That file is neither UTF-16 nor UTF-8 text: save it from Hero Designer again.") from None
    if len(text.encode("utf-8")) > MAX_HDC_BYTES:
        raise UploadError(f"That file is too big: {MAX_HDC_BYTES // 1024} KB at most, as for a paste.")
    return text
