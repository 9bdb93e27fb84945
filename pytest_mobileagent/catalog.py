"""App names agents use, mapped to packages and launch activities.

Shared by both backends: ``open_app("Settings")`` launches the same component
on the simulator and on an emulator with the real apps (the Pixel/AOSP
packages AndroidWorld's image ships).
"""

from __future__ import annotations

import re

from pytest_mobileagent.android import (
    aosp_calendar,
    audio_recorder,
    broccoli,
    calculator,
    calendar,
    camera,
    chrome,
    contacts,
    deskclock,
    dialer,
    documentsui,
    draw,
    drive,
    expense,
    firefox,
    gallery,
    gmail,
    google_app,
    google_calendar,
    joplin,
    maps,
    markor,
    messages,
    music,
    opentracks,
    osmand,
    photos,
    retromusic,
    settings_app,
    slack,
    sms_messenger,
    tasks_app,
    vlc,
    weather,
    youtube,
)

#: (name pattern, package, launch activity): the activity each app's manifest declares for the launcher (cited in
#: its ``pytest_mobileagent.android`` module's evidence), which Mobile-Bench's history names (``am start -n``).
APPS: list[tuple[str, str, str]] = [
    (r"settings|system settings", settings_app.PACKAGE, settings_app.MAIN_ACTIVITY),
    (r"(google )?clock|deskclock|alarm", deskclock.PACKAGE, deskclock.ACTIVITY),
    (r"(google )?contacts?", contacts.PACKAGE, contacts.MAIN_ACTIVITY),
    (r"phone|dialer|(google )?phone app|dial", dialer.PACKAGE, dialer.MAIN_ACTIVITY),
    (r"(simple )?sms( messenger)?|simple messenger", sms_messenger.PACKAGE, sms_messenger.MAIN_ACTIVITY),
    (r"google calendar", google_calendar.PACKAGE, google_calendar.MAIN_ACTIVITY),
    (r"(simple )?calendar( pro)?", calendar.PACKAGE, f"{calendar.PACKAGE}.activities.MainActivity"),
    (r"markor", markor.PACKAGE, markor.MAIN_ACTIVITY),
    (r"files|file manager", documentsui.PACKAGE, documentsui.MAIN_ACTIVITY),
    (r"tasks", tasks_app.PACKAGE, tasks_app.MAIN_ACTIVITY),
    (r"joplin", joplin.PACKAGE, joplin.MAIN_ACTIVITY),
    (r"(open ?tracks|activity tracker)( sports tracker)?", opentracks.PACKAGE, opentracks.MAIN_ACTIVITY),
    (r"chrome|browser", chrome.PACKAGE, chrome.MAIN_ACTIVITY),
    (r"(google )?messages?( app)?", messages.PACKAGE, messages.MAIN_ACTIVITY),
    (r"(google )?photos?( app)?", photos.PACKAGE, photos.MAIN_ACTIVITY),
    (r"(play |aosp )?music( app)?", music.PACKAGE, music.MAIN_ACTIVITY),
    (r"aosp calendar|calendar \(aosp\)", aosp_calendar.PACKAGE, aosp_calendar.MAIN_ACTIVITY),
    (r"camera", camera.PACKAGE, camera.MAIN_ACTIVITY),
    (r"broccoli( app| recipe app)?|recipes?", broccoli.PACKAGE, broccoli.MAIN_ACTIVITY),
    (r"retro( music)?", retromusic.PACKAGE, retromusic.MAIN_ACTIVITY),
    (r"vlc( player)?", vlc.PACKAGE, vlc.MAIN_ACTIVITY),
    (r"(simple )?gallery( pro)?", gallery.PACKAGE, gallery.MAIN_ACTIVITY),
    (r"osm ?and( maps?)?( app)?", osmand.PACKAGE, osmand.MAIN_ACTIVITY),
    (r"(arduia )?pro expense|expense( app)?", expense.PACKAGE, expense.MAIN_ACTIVITY),
    (r"audio ?recorder", audio_recorder.PACKAGE, audio_recorder.MAIN_ACTIVITY),
    (r"(simple )?draw( pro)?", draw.PACKAGE, draw.MAIN_ACTIVITY),
    (r"g ?mail|google mail", gmail.PACKAGE, gmail.MAIN_ACTIVITY),
    (r"(google )?maps?", maps.PACKAGE, maps.MAIN_ACTIVITY),
    (r"youtube", youtube.PACKAGE, youtube.MAIN_ACTIVITY),
    (r"(google )?drive", drive.PACKAGE, drive.MAIN_ACTIVITY),
    (r"google( app| search)?", google_app.PACKAGE, google_app.MAIN_ACTIVITY),
    (r"(the )?weather( channel)?( app)?", weather.PACKAGE, weather.MAIN_ACTIVITY),
    (r"(mozilla )?firefox( browser)?", firefox.PACKAGE, firefox.MAIN_ACTIVITY),
    (r"slack", slack.PACKAGE, slack.MAIN_ACTIVITY),
    (r"(google )?calculator|calc", calculator.PACKAGE, calculator.MAIN_ACTIVITY),
]


def resolve_app(name: str) -> tuple[str, str | None]:
    """``(package, activity)`` for an app name, a package name, or ``package/activity``: a catalogue app's launch
    activity, by its name or its package; None for a package outside the catalogue (unknown names are treated as
    package names, as AndroidWorld does), which is started by its launcher entry."""
    name = name.strip()
    if "/" in name:
        pkg, act = name.split("/", 1)
        return pkg, act
    low = name.lower()
    for pattern, package, activity in APPS:
        if re.fullmatch(pattern, low) or name == package:
            return package, activity
    return name, None
