"""Audio streams as AudioService keeps them, and the shell command that reads and sets them.

AOSP ``AudioService`` holds each stream's index per output device and persists it in ``system`` settings under
``volume_<stream>_<device>`` (``volume_music_speaker``; ``VolumeStreamState.getSettingNameForDevice``); it reads
those keys at boot only, so ``settings put system volume_music`` changes nothing. The volume is read and set
through the service: ``cmd media_session volume --stream N --get|--set I`` (``VolumeCtrl``, which prints
``[V] volume is I in range [MIN..MAX]``).
"""

from __future__ import annotations

import re

#: Stream keys and their maxima (music 25; ring, alarm, voice and notification 7).
STREAM_MAX = {"volume_music": 25, "volume_ring": 7, "volume_alarm": 7, "volume_voice": 7, "volume_notification": 7}
#: AudioService's ``MIN_STREAM_VOLUME``: a call and an alarm cannot be silenced.
STREAM_MIN = {"volume_music": 0, "volume_ring": 0, "volume_alarm": 1, "volume_voice": 1, "volume_notification": 0}
#: ``AudioManager.STREAM_*`` numbers of the stream keys.
STREAM_IDS = {"volume_voice": 0, "volume_ring": 2, "volume_music": 3, "volume_alarm": 4, "volume_notification": 5}
#: ``AudioSystem.STREAM_NAMES``, by stream number.
STREAM_NAMES = ("STREAM_VOICE_CALL", "STREAM_SYSTEM", "STREAM_RING", "STREAM_MUSIC", "STREAM_ALARM",
                "STREAM_NOTIFICATION")
#: The output device the simulator routes every stream to (its settings-key suffix).
DEVICE = "speaker"

_VOLUME_IS = re.compile(r"volume is (\d+) in range \[(\d+)\.\.(\d+)\]")


def persisted_key(stream: str) -> str:
    """The ``system`` settings key AudioService persists a stream's index under, for the speaker."""
    return f"{stream}_{DEVICE}"


def get_command(stream: str) -> str:
    return f"cmd media_session volume --stream {STREAM_IDS[stream]} --get"


def set_command(stream: str, index: int) -> str:
    return f"cmd media_session volume --stream {STREAM_IDS[stream]} --set {int(index)}"


def parse_volume(output: str) -> int:
    """The index a ``--get`` printed; ValueError if it printed none."""
    m = _VOLUME_IS.search(output)
    if m is None:
        raise ValueError(f"no volume in the output: {output.strip()[:200]!r}")
    return int(m.group(1))


__all__ = ["DEVICE", "STREAM_IDS", "STREAM_MAX", "STREAM_MIN", "STREAM_NAMES", "get_command", "parse_volume",
           "persisted_key", "set_command"]
