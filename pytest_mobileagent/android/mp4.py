"""The ISO base media file format (MP4, M4A) as far as recordings need it: a file's duration.

A recording is a sequence of boxes (4-byte big-endian size, 4-byte type). Its duration is the ``mvhd``
box inside ``moov``: ``duration / timescale`` seconds (ISO/IEC 14496-12, section 8.2.2; version 1 widens
the times to 64 bits). :func:`recording` writes the smallest file with those boxes, as the simulated
recorders save; :func:`duration` reads it back from any MP4 or M4A, a real device's included.
"""

from __future__ import annotations

import struct

#: Payload bytes per second of a simulated recording (AAC at 128 kbit/s).
BYTES_PER_SECOND = 16_000
TIMESCALE = 1000


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def recording(brand: bytes, seconds: float) -> bytes:
    """An MP4/M4A file of ``brand`` (``b"M4A "``, ``b"mp42"``) lasting ``seconds``: ``ftyp``, ``moov``/``mvhd``
    and an ``mdat`` sized like the audio would be."""
    ftyp = _box(b"ftyp", brand + struct.pack(">I", 0) + b"isom" + brand)
    mvhd = _box(b"mvhd", struct.pack(">B3xIIII", 0, 0, 0, TIMESCALE, round(seconds * TIMESCALE))
                + struct.pack(">IH10x", 0x00010000, 0x0100) + b"\0" * 36 + b"\0" * 24 + struct.pack(">I", 2))
    payload = b"\0" * int(BYTES_PER_SECOND * max(seconds, 0))
    return ftyp + _box(b"moov", mvhd) + _box(b"mdat", payload)


def _boxes(data: bytes, start: int, end: int) -> list[tuple[bytes, int, int]]:
    found, at = [], start
    while at + 8 <= end:
        size, kind = struct.unpack_from(">I4s", data, at)
        header = 8
        if size == 1 and at + 16 <= end:  # a 64-bit size follows the type
            size, header = struct.unpack_from(">Q", data, at + 8)[0], 16
        elif size == 0:  # the box runs to the end of the file
            size = end - at
        if size < header or at + size > end:
            break
        found.append((kind, at + header, at + size))
        at += size
    return found


def duration(data: bytes) -> float | None:
    """Seconds the file lasts by its ``moov``/``mvhd`` box, or None if it has none (not an MP4, or cut short)."""
    for kind, start, end in _boxes(data, 0, len(data)):
        if kind != b"moov":
            continue
        for inner, body, inner_end in _boxes(data, start, end):
            if inner != b"mvhd" or inner_end - body < 20:
                continue
            version = data[body]
            if version == 1 and inner_end - body >= 32:
                timescale, length = struct.unpack_from(">IQ", data, body + 20)
            else:
                timescale, length = struct.unpack_from(">II", data, body + 12)
            return length / timescale if timescale else None
    return None


__all__ = ["BYTES_PER_SECOND", "duration", "recording"]
