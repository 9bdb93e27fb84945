"""Audio streams: the ``system`` settings keys volume levels are kept under, and each stream's maximum level.

As the simulator keeps them: AOSP ``AudioService`` stores levels per output device (``volume_music_speaker``),
so tasks that read these keys require the simulator (capability ``sim_settings``).
"""

from __future__ import annotations

#: Stream level keys and their maxima (music 25; ring, alarm, voice and notification 7).
STREAM_MAX = {"volume_music": 25, "volume_ring": 7, "volume_alarm": 7, "volume_voice": 7, "volume_notification": 7}

__all__ = ["STREAM_MAX"]
