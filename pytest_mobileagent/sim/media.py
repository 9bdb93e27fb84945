"""Media files as a phone holds them: tagged MP3s, and photos of printed text.

Audio: MP3 files whose ID3v2.3 tags carry title, artist and length.

Tasks write songs with :func:`mp3_with_tags`; simulated players read them back with
:func:`read_tags`, as MediaStore would after a scan. Only the frames the apps use are
written (``TIT2`` title, ``TPE1`` artist, ``TALB`` album, ``TLEN`` length in ms), followed
by a few silent MPEG frames so the file is a plausible MP3.
"""

from __future__ import annotations

import hashlib
import io
import textwrap
from dataclasses import dataclass

from PIL import Image, ImageDraw

#: One silent MPEG-1 Layer III frame (128 kbit/s, 44.1 kHz).
_SILENT_FRAME = b"\xff\xfb\x90\x64" + b"\x00" * 413
_FRAMES = {"TIT2": "title", "TPE1": "artist", "TALB": "album", "TLEN": "duration_ms"}


@dataclass(frozen=True)
class Tags:
    title: str
    artist: str = ""
    album: str = ""
    duration_ms: int = 0


def _syncsafe(n: int) -> bytes:
    return bytes(((n >> shift) & 0x7F) for shift in (21, 14, 7, 0))


def mp3_with_tags(tags: Tags) -> bytes:
    """An MP3 file carrying ``tags`` in an ID3v2.3 header."""
    frames = b""
    for frame_id, attr in _FRAMES.items():
        value = str(getattr(tags, attr))
        if not value or value == "0":
            continue
        body = b"\x01" + "\ufeff".encode("utf-16-le") + value.encode("utf-16-le")  # UTF-16 with BOM
        frames += frame_id.encode() + len(body).to_bytes(4, "big") + b"\x00\x00" + body
    return b"ID3\x03\x00\x00" + _syncsafe(len(frames)) + frames + _SILENT_FRAME * 4


def read_tags(data: bytes, fallback_title: str = "") -> Tags:
    """The tags of an MP3 file; a file without tags is titled ``fallback_title``."""
    values: dict[str, str] = {}
    if data[:3] == b"ID3":
        size = sum(b << shift for b, shift in zip(data[6:10], (21, 14, 7, 0)))
        pos, end = 10, 10 + size
        while pos + 10 <= end:
            frame_id, length = data[pos:pos + 4].decode("latin-1"), int.from_bytes(data[pos + 4:pos + 8], "big")
            if not frame_id.strip("\x00") or length <= 0:
                break
            body = data[pos + 10:pos + 10 + length]
            text = body[1:].decode("utf-16") if body[:1] == b"\x01" else body[1:].decode("latin-1")
            if frame_id in _FRAMES:
                values[_FRAMES[frame_id]] = text.rstrip("\x00")
            pos += 10 + length
    return Tags(title=values.get("title") or fallback_title, artist=values.get("artist", ""),
                album=values.get("album", ""), duration_ms=int(values.get("duration_ms") or 0))


def media_id(path: str) -> int:
    """A stable MediaStore-like id for a file path."""
    return 1_000_000_000 + int(hashlib.sha256(path.encode()).hexdigest()[:6], 16)


def jpeg_with_text(lines: list[str], width: int = 720, wrap: int = 40, fmt: str = "JPEG") -> bytes:
    """A photo of printed text (a receipt, a recipe card): dark text on paper, large enough to read on screen.

    ``fmt`` is Pillow's format name (``JPEG`` or ``PNG``)."""
    from pytest_mobileagent.sim.render import font  # the renderer's font, so screenshots and photos match

    wrapped = [part for line in lines for part in (textwrap.wrap(line, wrap) or [""])]
    size, pad = 30, 40
    image = Image.new("RGB", (width, pad * 2 + int(size * 1.4) * max(1, len(wrapped))), (250, 248, 240))
    pen = ImageDraw.Draw(image)
    for i, line in enumerate(wrapped):
        pen.text((pad, pad + i * int(size * 1.4)), line, fill=(20, 20, 20), font=font(size))
    out = io.BytesIO()
    image.save(out, fmt, **({"quality": 90} if fmt == "JPEG" else {}))
    return out.getvalue()


__all__ = ["Tags", "jpeg_with_text", "media_id", "mp3_with_tags", "read_tags"]
