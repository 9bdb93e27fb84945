"""The app catalogue: the apps every ``SimDevice`` installs, and those ``pm install`` can add.

Only the composition root (:mod:`mobileagent_sim.device`) imports it: an app imports the helpers of another
(:mod:`mobileagent_sim.apps.simple_commons`, ``apps.sms``'s contact lookups) by their own modules, never the
whole catalogue, so importing one app loads that app and what it uses.
"""

from __future__ import annotations

from mobileagent_sim.apps.adb_keyboard import AdbKeyboardApp
from mobileagent_sim.apps.aosp_calendar import AospCalendarApp, CalendarProviderApp
from mobileagent_sim.apps.audiorecorder import AudioRecorderApp
from mobileagent_sim.apps.broccoli import BroccoliApp
from mobileagent_sim.apps.calculator import CalculatorApp
from mobileagent_sim.apps.calendar.app import CalendarApp
from mobileagent_sim.apps.camera import CameraApp
from mobileagent_sim.apps.chrome import ChromeApp
from mobileagent_sim.apps.clipper import ClipperApp
from mobileagent_sim.apps.clock import ClockApp
from mobileagent_sim.apps.contacts import ContactsApp
from mobileagent_sim.apps.dialer import DialerApp
from mobileagent_sim.apps.draw import SimpleDrawApp
from mobileagent_sim.apps.drive import DriveApp
from mobileagent_sim.apps.expense import ExpenseApp
from mobileagent_sim.apps.files import FilesApp
from mobileagent_sim.apps.firefox import FirefoxApp
from mobileagent_sim.apps.gallery import GalleryApp
from mobileagent_sim.apps.gmail import GmailApp
from mobileagent_sim.apps.google_calendar import GoogleCalendarApp
from mobileagent_sim.apps.googleapp import GoogleApp
from mobileagent_sim.apps.joplin import JoplinApp
from mobileagent_sim.apps.launcher import PixelLauncher
from mobileagent_sim.apps.maps import MapsApp
from mobileagent_sim.apps.markor import MarkorApp
from mobileagent_sim.apps.messages import MessagesApp
from mobileagent_sim.apps.music import MusicApp
from mobileagent_sim.apps.opentracks import OpenTracksApp
from mobileagent_sim.apps.osmand import OsmAndApp
from mobileagent_sim.apps.permissioncontroller import PermissionControllerApp
from mobileagent_sim.apps.photos import PhotosApp
from mobileagent_sim.apps.retromusic import RetroMusicApp
from mobileagent_sim.apps.settings import SettingsApp
from mobileagent_sim.apps.slack import SlackApp
from mobileagent_sim.apps.sms import SmsMessengerApp
from mobileagent_sim.apps.tasks import TasksApp
from mobileagent_sim.apps.vlc import VlcApp
from mobileagent_sim.apps.wallpaper_picker import WallpaperPickerApp
from mobileagent_sim.apps.weather import WeatherApp
from mobileagent_sim.apps.youtube import YouTubeApp
from mobileagent_sim.providers import ContactsProviderApp
from mobileagent_sim.telephony import BlockedNumberProviderApp, TelephonyProviderApp

HOME_APP = PixelLauncher
#: Installed on a default device, besides the launcher.
DEFAULT_APPS: list[type] = [
    SettingsApp,
    PermissionControllerApp,
    TasksApp,
    JoplinApp,
    OpenTracksApp,
    ClockApp,
    ContactsProviderApp, ContactsApp, DialerApp,
    TelephonyProviderApp, BlockedNumberProviderApp, SmsMessengerApp,
    CalendarApp,
    FilesApp,
    CameraApp, AudioRecorderApp, SimpleDrawApp,
    BroccoliApp, RetroMusicApp, VlcApp, GalleryApp, ChromeApp, OsmAndApp, MarkorApp,
    ExpenseApp,
    GmailApp, MapsApp, YouTubeApp, GoogleApp,
    MessagesApp, PhotosApp, MusicApp, CalendarProviderApp, AospCalendarApp,
    WallpaperPickerApp,
    WeatherApp,
    GoogleCalendarApp,
    DriveApp,
    FirefoxApp,
    SlackApp,
    CalculatorApp,
    ClipperApp,
]


def default_packages() -> frozenset[str]:
    """The packages a default simulated phone has installed (the launcher's included)."""
    return frozenset(app.package for app in (HOME_APP, *DEFAULT_APPS))


def installable() -> dict[str, type]:
    """The apps the simulator can install, by package: those of a new phone, and uiautomator2's helper (what
    ``pm install`` of an APK of one of these packages installs)."""
    return {cls.package: cls for cls in (HOME_APP, *DEFAULT_APPS, AdbKeyboardApp)}
