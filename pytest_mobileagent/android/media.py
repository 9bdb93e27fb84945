"""Media files as a phone holds them: tagged MP3s, photos of printed text, and the simulator's videos.

Audio: MP3 files, their ID3v2 tags (title, artist, album) and their length.

Tasks write songs with :func:`mp3_with_tags`; simulated players read them back with
:func:`read_tags`, as MediaStore would after a scan: the tags from the ID3v2.3/2.4 header, the
length from the MPEG audio frames as Android's MP3 extractor measures it (:func:`mp3_duration_ms`),
so a song written by anything else (AndroidWorld's pydub and ffmpeg) shows its real length.
:func:`mp3_with_tags` writes the tags, then a LAME-style ``Info`` frame that counts the song's frames
and a few silent frames: a small file that every MP3 reader takes for a song of the given length.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import io
import json
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

#: The header of the frames :func:`mp3_with_tags` writes: MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, joint stereo.
_HEADER = b"\xff\xfb\x90\x64"
_FRAME_BYTES = 417  # 144 * 128000 / 44100
_SAMPLES = 1152
_RATE = 44100
_SILENT_FRAME = _HEADER + b"\x00" * (_FRAME_BYTES - 4)
_FRAMES = {"TIT2": "title", "TPE1": "artist", "TALB": "album"}

# ISO/IEC 11172-3 and 13818-3 frame headers, the tables Android's GetMPEGAudioFrameSize uses
# (frameworks/av/media/module/foundation/avc_utils.cpp): kbit/s by (MPEG-1?, layer) and index 1..14
_BITRATES = {
    (True, 1): (32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448),
    (True, 2): (32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384),
    (True, 3): (32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320),
    (False, 1): (32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256),
    (False, 2): (8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160),
    (False, 3): (8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160),
}
_SAMPLE_RATES = (44100, 48000, 32000)


@dataclass(frozen=True)
class Tags:
    title: str
    artist: str = ""
    album: str = ""
    duration_ms: int = 0


@dataclass(frozen=True)
class FrameHeader:
    """One MPEG audio frame header: what a reader needs to step over the frame and time it."""

    mpeg1: bool
    layer: int
    kbps: int
    sample_rate: int
    mono: bool
    size: int  # bytes, header included
    samples: int  # per channel


def frame_header(data: bytes, pos: int) -> FrameHeader | None:
    """The MPEG audio frame header at ``pos``, or None where no valid one starts (free format included, which
    Android's extractor refuses too)."""
    if pos + 4 > len(data):
        return None
    h = int.from_bytes(data[pos:pos + 4], "big")
    version, layer_bits = (h >> 19) & 3, (h >> 17) & 3
    bitrate_index, rate_index = (h >> 12) & 15, (h >> 10) & 3
    if (h >> 21) & 0x7FF != 0x7FF or version == 1 or layer_bits == 0 or bitrate_index in (0, 15) or rate_index == 3:
        return None
    mpeg1, layer, padding = version == 3, 4 - layer_bits, (h >> 9) & 1
    kbps = _BITRATES[(mpeg1, layer)][bitrate_index - 1]
    rate = _SAMPLE_RATES[rate_index] >> (0 if mpeg1 else 1 if version == 2 else 2)
    if layer == 1:
        size, samples = (12_000 * kbps // rate + padding) * 4, 384
    elif layer == 3 and not mpeg1:
        size, samples = 72_000 * kbps // rate + padding, 576
    else:
        size, samples = 144_000 * kbps // rate + padding, 1152
    return FrameHeader(mpeg1, layer, kbps, rate, (h >> 6) & 3 == 3, size, samples)


def id3_end(data: bytes) -> int:
    """Where the audio starts: past the ID3v2 tags at the head of the file, as Android's MP3 extractor skips them
    (each ``ID3`` header's syncsafe size plus its 10 bytes)."""
    pos = 0
    while data[pos:pos + 3] == b"ID3" and len(data) >= pos + 10:
        pos += 10 + _unsyncsafe(data[pos + 6:pos + 10])
    return pos


def mp3_duration_ms(data: bytes) -> int:
    """The length of an MP3 as MediaStore records it, in ms; -1 for a file with no MPEG audio frame.

    Android's MP3Extractor (frameworks/av/media/extractors/mp3/MP3Extractor.cpp) finds the first frame past the ID3
    tags; when that frame is a Xing or ``Info`` frame counting the frames (XINGSeeker.cpp, what LAME and ffmpeg
    write), the length is ``frames * samples per frame / sample rate``, else it estimates it from the first frame's
    bit rate and the bytes that follow. MediaMetadataRetriever's METADATA_KEY_DURATION rounds the microseconds to
    the nearest ms (StagefrightMetadataRetriever.cpp), the value the media scanner stores.
    """
    pos = id3_end(data)
    while (first := frame_header(data, pos)) is None:
        pos = data.find(b"\xff", pos + 1)  # the next frame sync's first byte
        if pos < 0:
            return -1
    frames = _xing_frames(data, pos, first)
    if frames:
        micros = frames * first.samples * 1_000_000 // first.sample_rate
    else:
        micros = 8000 * (len(data) - pos) // first.kbps
    return (micros + 500) // 1000


def _xing_frames(data: bytes, pos: int, header: FrameHeader) -> int:
    """The frame count of a Xing/Info frame at ``pos`` (0 if it is none or has no count): its tag follows the
    side information, 32 or 17 bytes for MPEG-1 stereo or mono, 17 or 9 for MPEG-2 and 2.5."""
    tag = pos + 4 + ((17 if header.mono else 32) if header.mpeg1 else (9 if header.mono else 17))
    if data[tag:tag + 4] not in (b"Xing", b"Info") or len(data) < tag + 12:
        return 0
    flags = int.from_bytes(data[tag + 4:tag + 8], "big")
    return int.from_bytes(data[tag + 8:tag + 12], "big") if flags & 1 else 0


def _syncsafe(n: int) -> bytes:
    return bytes(((n >> shift) & 0x7F) for shift in (21, 14, 7, 0))


def _unsyncsafe(b: bytes) -> int:
    return sum((x & 0x7F) << shift for x, shift in zip(b, (21, 14, 7, 0)))


def _info_frame(frames: int) -> bytes:
    """A LAME-style ``Info`` frame (the Xing tag of a constant-bit-rate file) counting ``frames`` audio frames."""
    side_info = b"\x00" * 32
    tag = b"Info" + (1).to_bytes(4, "big") + frames.to_bytes(4, "big")
    return (_HEADER + side_info + tag).ljust(_FRAME_BYTES, b"\x00")


def _frame(frame_id: str, body: bytes) -> bytes:
    return frame_id.encode() + len(body).to_bytes(4, "big") + b"\x00\x00" + body


def mp3_with_tags(tags: Tags, picture: bytes = b"") -> bytes:
    """An MP3 file carrying ``tags`` in an ID3v2.3 header, ``tags.duration_ms`` long (to the next frame, 26 ms),
    with ``picture`` (JPEG or PNG bytes) as its embedded front cover where given (an ``APIC`` frame)."""
    frames = b""
    for frame_id, attr in _FRAMES.items():
        value = str(getattr(tags, attr))
        if not value:
            continue
        frames += _frame(frame_id, b"\x01" + "\ufeff".encode("utf-16-le") + value.encode("utf-16-le"))  # UTF-16
    if picture:  # ID3v2.3 APIC: encoding, MIME type, picture type 3 (front cover), empty description, the data
        mime = b"image/png" if picture[:4] == b"\x89PNG" else b"image/jpeg"
        frames += _frame("APIC", b"\x00" + mime + b"\x00\x03\x00" + picture)
    count = max(4, -(-tags.duration_ms * _RATE // (_SAMPLES * 1000)))  # frames, rounded up
    return (b"ID3\x03\x00\x00" + _syncsafe(len(frames)) + frames + _info_frame(count)
            + _SILENT_FRAME * 4)


def _text(body: bytes) -> str:
    """An ID3v2 text frame's value: its first byte names the encoding (ISO-8859-1, UTF-16 with BOM, UTF-16BE,
    UTF-8)."""
    codec = {0: "latin-1", 1: "utf-16", 2: "utf-16-be", 3: "utf-8"}.get(body[0] if body else 0, "latin-1")
    return body[1:].decode(codec, errors="replace").split("\x00")[0]


def _id3_frames(data: bytes) -> Iterator[tuple[str, bytes]]:
    """(frame id, body) of each frame of an MP3's ID3v2 header; ID3v2.4 frame sizes are syncsafe, v2.3's plain."""
    if data[:3] != b"ID3":
        return
    v24 = data[3] == 4
    pos, end = 10, 10 + _unsyncsafe(data[6:10])
    while pos + 10 <= end:
        frame_id, size = data[pos:pos + 4].decode("latin-1"), data[pos + 4:pos + 8]
        length = _unsyncsafe(size) if v24 else int.from_bytes(size, "big")
        if not frame_id.strip("\x00") or length <= 0:
            return
        yield frame_id, data[pos + 10:pos + 10 + length]
        pos += 10 + length


def embedded_picture(data: bytes) -> bytes | None:
    """The picture of an MP3's first ``APIC`` frame (its cover art, what MediaStore and players show as the song's
    album art), or None: after the encoding byte, a NUL-terminated MIME type, the picture type byte and a
    description ended by NUL (two for the UTF-16 encodings) [ID3v2.3 section 4.15]."""
    for frame_id, body in _id3_frames(data):
        if frame_id != "APIC" or len(body) < 4:
            continue
        mime_end = body.find(b"\x00", 1)
        if mime_end < 0:
            return None
        desc_start = mime_end + 2
        if body[0] in (1, 2):  # UTF-16: the description ends at an aligned double NUL
            end = desc_start
            while end + 1 < len(body) and body[end:end + 2] != b"\x00\x00":
                end += 2
            return body[end + 2:] or None
        end = body.find(b"\x00", desc_start)
        return body[end + 1:] if end >= 0 and end + 1 < len(body) else None
    return None


def read_tags(data: bytes, fallback_title: str = "") -> Tags:
    """The tags of an MP3 file and its length (:func:`mp3_duration_ms`, 0 where it has no audio frame); a file
    without a title is titled ``fallback_title``."""
    values = {_FRAMES[frame_id]: _text(body) for frame_id, body in _id3_frames(data) if frame_id in _FRAMES}
    return Tags(title=values.get("title") or fallback_title, artist=values.get("artist", ""),
                album=values.get("album", ""), duration_ms=max(0, mp3_duration_ms(data)))


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
    file's modification time (which ``adb push`` sets to the host's clock). The same arguments give the same
    bytes, made once (tasks seed the same pictures episode after episode)."""
    # keyed by the ISO text: equal instants in other zones are other EXIF offsets
    return _picture(tuple(lines), width, wrap, fmt, taken.isoformat() if taken else None)


@functools.lru_cache(maxsize=512)
def _picture(lines: tuple[str, ...], width: int, wrap: int, fmt: str, taken_iso: str | None) -> bytes:
    taken = dt.datetime.fromisoformat(taken_iso) if taken_iso else None
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


__all__ = ["FrameHeader", "Tags", "embedded_picture", "frame_header", "jpeg_with_text", "media_id", "mp3_duration_ms",
           "mp3_with_tags", "read_tags"]
