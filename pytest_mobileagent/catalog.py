"""App names agents use, mapped to packages and launch activities.

Shared by both backends: ``open_app("Settings")`` launches the same component
on the simulator and on an emulator with the real apps (the Pixel/AOSP
packages AndroidWorld's image ships).
"""

from __future__ import annotations

import re

from pytest_mobileagent.android import (
    broccoli,
    calendar,
    deskclock,
    expense,
    joplin,
    opentracks,
    osmand,
    retromusic,
    sms_messenger,
    tasks_app,
    vlc,
)

#: (name pattern, package, launch activity or None for the package's launcher entry)
APPS: list[tuple[str, str, str | None]] = [
    (r"settings|system settings", "com.android.settings", "com.android.settings.Settings"),
    (r"(google )?clock|deskclock|alarm", deskclock.PACKAGE, deskclock.ACTIVITY),
    (r"(google )?contacts?", "com.google.android.contacts",
     "com.android.contacts.activities.PeopleActivity"),
    (r"phone|dialer|(google )?phone app|dial", "com.google.android.dialer",
     "com.google.android.dialer.extensions.GoogleDialtactsActivity"),
    (r"(simple )?sms( messenger)?|simple messenger", sms_messenger.PACKAGE, sms_messenger.MAIN_ACTIVITY),
    (r"(simple )?calendar( pro)?", calendar.PACKAGE, f"{calendar.PACKAGE}.activities.MainActivity"),
    (r"markor", "net.gsantner.markor", "net.gsantner.markor.activity.MainActivity"),
    (r"files|file manager", "com.google.android.documentsui", "com.android.documentsui.files.FilesActivity"),
    (r"tasks", tasks_app.PACKAGE, None),
    (r"joplin", joplin.PACKAGE, None),
    (r"(open ?tracks|activity tracker)( sports tracker)?", opentracks.PACKAGE, None),
    (r"chrome|browser", "com.android.chrome", "com.google.android.apps.chrome.Main"),
    (r"messages", "com.google.android.apps.messaging", None),
    (r"camera", "com.android.camera2", "com.android.camera.CameraLauncher"),
    (r"broccoli( app| recipe app)?|recipes?", broccoli.PACKAGE, broccoli.MAIN_ACTIVITY),
    (r"retro( music)?", retromusic.PACKAGE, retromusic.MAIN_ACTIVITY),
    (r"vlc( player)?", vlc.PACKAGE, vlc.MAIN_ACTIVITY),
    (r"(simple )?gallery( pro)?", "com.simplemobiletools.gallery.pro",
     "com.simplemobiletools.gallery.pro.activities.MainActivity"),
    (r"osm ?and( maps?)?( app)?", osmand.PACKAGE, osmand.MAIN_ACTIVITY),
    (r"(arduia )?pro expense|expense( app)?", expense.PACKAGE, expense.MAIN_ACTIVITY),
    (r"audio ?recorder", "com.dimowner.audiorecorder", "com.dimowner.audiorecorder.app.main.MainActivity"),
    (r"(simple )?draw( pro)?", "com.simplemobiletools.draw.pro",
     "com.simplemobiletools.draw.pro.activities.MainActivity"),
]


def resolve_app(name: str) -> tuple[str, str | None]:
    """``(package, activity)`` for an app name, a package name, or ``package/activity``.

    Unknown names are treated as package names, as AndroidWorld does.
    """
    name = name.strip()
    if "/" in name:
        pkg, act = name.split("/", 1)
        return pkg, act
    low = name.lower()
    for pattern, package, activity in APPS:
        if re.fullmatch(pattern, low):
            return package, activity
    return name, None
