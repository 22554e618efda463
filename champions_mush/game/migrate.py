"""Moving what older versions kept inside one growing document into the store's rows: a job's
``comments``, a board's ``posts`` and the ``scene`` log (docs/reliability.md, "Documents that
grow"). Run when a game opens (opening.py), before anyone connects.

Each item is moved on its own and can be moved again: its rows are cleared, written from the
old document, and only then is the document saved without them. A migration cut short by
``kill -9`` is finished at the next start, with no entry lost or doubled.
"""

from __future__ import annotations

from typing import Any

from ..store.base import Store
from ..store.retention import Retention

__all__ = ["rows_from_documents"]

#: the store log where older versions kept every scene's lines
OLD_SCENE_LOG = "scene"
_DAY = 86400.0


def rows_from_documents(store: Store) -> dict[str, int]:
    """Move old documents' entries into rows; returns how many of each kind moved."""
    from .boards import POSTS
    from .jobs import COMMENTS
    from .scenes import SCENE_LINES

    return {COMMENTS: _nested(store, "job", "comments", COMMENTS, _comment),
            POSTS: _nested(store, "board", "posts", POSTS, _post),
            SCENE_LINES: _scene_log(store, SCENE_LINES)}


def _nested(store: Store, doc_kind: str, field: str, kind: str, convert) -> int:
    moved = 0
    for key, doc in store.all(doc_kind).items():
        if field not in doc:
            continue
        store.delete_rows(kind, key)
        for entry in doc[field]:
            author, time, data = convert(entry)
            store.add_row(kind, key, author, data, time)
            moved += 1
        store.put(doc_kind, key, {k: v for k, v in doc.items() if k != field})
    return moved


def _comment(entry: dict[str, Any]) -> tuple[int, float, dict[str, Any]]:
    return (int(entry.get("author_id", 0)), float(entry.get("time", 0.0)),
            {"author": entry.get("author", ""), "text": entry.get("text", ""),
             "staff_only": bool(entry.get("staff_only", False))})


def _post(entry: dict[str, Any]) -> tuple[int, float, dict[str, Any]]:
    data = {k: v for k, v in entry.items() if k not in ("author_id", "time")}
    return int(entry.get("author_id", 0)), float(entry.get("time", 0.0)), data


def _scene_log(store: Store, kind: str) -> int:
    """The old ``scene`` log, scene by scene, then the log emptied."""
    entries = store.tail(OLD_SCENE_LOG, 1 << 62)
    if not entries:
        return 0
    scenes = dict.fromkeys(str(e.data.get("scene", 0)) for e in entries)
    for scene in scenes:
        store.delete_rows(kind, scene)
    for entry in entries:
        store.add_row(kind, str(entry.data.get("scene", 0)), int(entry.data.get("speaker_id", 0)),
                      {"speaker": entry.data.get("speaker", ""), "text": entry.data.get("text", "")}, entry.time)
    last = max(e.time for e in entries)
    store.prune(OLD_SCENE_LOG, Retention(max_days=1.0), last + 2 * _DAY)  # everything in it is older
    return len(entries)
