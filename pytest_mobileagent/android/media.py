"""Media files as a phone holds them: tagged MP3s, photos of printed text, and the simulator's videos.

Audio: MP3 files whose ID3v2.3 tags carry title, artist and length.

Tasks write songs with :func:`mp3_with_tags`; simulated players read them back with
:func:`read_tags`, as MediaStore would after a scan. Only the frames the apps use are
written (``TIT2`` title, ``TPE1`` artist, ``TALB`` album, ``TLEN`` length in ms), followed
by a few silent MPEG frames so the file is a plausible MP3.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import textwrap
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

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


#: EXIF's Exif IFD pointer and, in it, DateTimeOriginal and OffsetTimeOriginal (EXIF 2.31 tags 0x9003, 0x9011).
EXIF_IFD, DATE_TIME_ORIGINAL, OFFSET_TIME_ORIGINAL = 0x8769, 0x9003, 0x9011


def jpeg_with_text(lines: list[str], width: int = 720, wrap: int = 40, fmt: str = "JPEG",
                   taken: dt.datetime | None = None) -> bytes:
    """A photo of printed text (a receipt, a recipe card): dark text on paper, large enough to read on screen.

    ``fmt`` is Pillow's format name (``JPEG`` or ``PNG``). The font is Pillow's default, the one the simulator's
    screens are drawn with, so photos and screenshots match. ``taken`` (aware) is written as a camera writes it,
    EXIF DateTimeOriginal with its OffsetTimeOriginal: the date gallery apps sort and label by, whatever the
    file's modification time (which ``adb push`` sets to the host's clock)."""
    wrapped = [part for line in lines for part in (textwrap.wrap(line, wrap) or [""])]
    size, pad = 30, 40
    image = Image.new("RGB", (width, pad * 2 + int(size * 1.4) * max(1, len(wrapped))), (250, 248, 240))
    pen = ImageDraw.Draw(image)
    for i, line in enumerate(wrapped):
        pen.text((pad, pad + i * int(size * 1.4)), line, fill=(20, 20, 20), font=ImageFont.load_default(size=size))
    out = io.BytesIO()
    options: dict[str, object] = {"quality": 90} if fmt == "JPEG" else {}
    if taken is not None:
        exif = Image.Exif()
        offset = taken.strftime("%z")
        exif.get_ifd(EXIF_IFD).update({DATE_TIME_ORIGINAL: taken.strftime("%Y:%m:%d %H:%M:%S"),
                                       OFFSET_TIME_ORIGINAL: f"{offset[:3]}:{offset[3:]}"})
        options["exif"] = exif
    image.save(out, fmt, **options)
    return out.getvalue()


def date_taken(source: str | io.BytesIO) -> dt.datetime | None:
    """A picture's EXIF DateTimeOriginal with its OffsetTimeOriginal (UTC without one), as MediaProvider's
    scanner reads ``date_taken``; None for a picture without it or a file that is no picture."""
    try:
        with Image.open(source) as image:
            tags = image.getexif().get_ifd(EXIF_IFD)
    except (OSError, ValueError, SyntaxError):
        return None
    original, offset = tags.get(DATE_TIME_ORIGINAL), tags.get(OFFSET_TIME_ORIGINAL) or "+00:00"
    try:
        return dt.datetime.strptime(f"{original}{offset}", "%Y:%m:%d %H:%M:%S%z") if original else None
    except ValueError:
        return None


#: A box of the simulator's videos listing what each frame shows: JSON ``{"frames": [...], "seconds": n}``.
#: Real players ignore unknown boxes; the simulated player draws the frames from it.
FRAMES_BOX = b"mafr"


def video_with_frames(frames: list[str], seconds_each: int) -> bytes:
    """An MP4 whose frames show ``frames`` in turn, each for ``seconds_each`` seconds."""
    payload = b"\x00" * (1024 * max(1, seconds_each * len(frames)))
    ftyp = (24).to_bytes(4, "big") + b"ftypmp42" + (0).to_bytes(4, "big") + b"isommp42"
    info = json.dumps({"frames": frames, "seconds": seconds_each}).encode()
    return (ftyp + (8 + len(payload)).to_bytes(4, "big") + b"mdat" + payload
            + (8 + len(info)).to_bytes(4, "big") + FRAMES_BOX + info)


def frames_of(data: bytes) -> tuple[list[str], int]:
    """The frames a simulated video shows and how long each lasts (none for other files)."""
    pos = 0
    while pos + 8 <= len(data):
        size, kind = int.from_bytes(data[pos:pos + 4], "big"), data[pos + 4:pos + 8]
        if kind == FRAMES_BOX:
            info = json.loads(data[pos + 8:pos + size])
            return list(info["frames"]), int(info["seconds"])
        if size < 8:
            break
        pos += size
    return [], 0


def mp4_duration_ms(data: bytes) -> int:
    """The length the simulated files carry: a ``mvhd``-less MP4 whose ``mdat`` holds one KiB per second."""
    pos = 0
    while pos + 8 <= len(data):
        size, kind = int.from_bytes(data[pos:pos + 4], "big"), data[pos + 4:pos + 8]
        if kind == b"mdat":
            return max(1, (size - 8) // 1024) * 1000
        if size < 8:
            break
        pos += size
    return -1


__all__ = ["Tags", "jpeg_with_text", "media_id", "mp3_with_tags", "read_tags"]
