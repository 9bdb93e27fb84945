"""The simulated apps installed on every ``SimDevice``."""

from __future__ import annotations

from pytest_mobileagent.sim.apps.aosp_calendar import AospCalendarApp, CalendarProviderApp
from pytest_mobileagent.sim.apps.audiorecorder import AudioRecorderApp
from pytest_mobileagent.sim.apps.broccoli import BroccoliApp
from pytest_mobileagent.sim.apps.calculator import CalculatorApp
from pytest_mobileagent.sim.apps.calendar import CalendarApp
from pytest_mobileagent.sim.apps.camera import CameraApp
from pytest_mobileagent.sim.apps.chrome import ChromeApp
from pytest_mobileagent.sim.apps.clipper import ClipperApp
from pytest_mobileagent.sim.apps.clock import ClockApp
from pytest_mobileagent.sim.apps.contacts import ContactsApp
from pytest_mobileagent.sim.apps.dialer import DialerApp
from pytest_mobileagent.sim.apps.draw import SimpleDrawApp
from pytest_mobileagent.sim.apps.drive import DriveApp
from pytest_mobileagent.sim.apps.expense import ExpenseApp
from pytest_mobileagent.sim.apps.files import FilesApp
from pytest_mobileagent.sim.apps.firefox import FirefoxApp
from pytest_mobileagent.sim.apps.gallery import GalleryApp
from pytest_mobileagent.sim.apps.gmail import GmailApp
from pytest_mobileagent.sim.apps.google_calendar import GoogleCalendarApp
from pytest_mobileagent.sim.apps.googleapp import GoogleApp
from pytest_mobileagent.sim.apps.joplin import JoplinApp
from pytest_mobileagent.sim.apps.launcher import PixelLauncher
from pytest_mobileagent.sim.apps.maps import MapsApp
from pytest_mobileagent.sim.apps.markor import MarkorApp
from pytest_mobileagent.sim.apps.messages import MessagesApp
from pytest_mobileagent.sim.apps.music import MusicApp
from pytest_mobileagent.sim.apps.opentracks import OpenTracksApp
from pytest_mobileagent.sim.apps.osmand import OsmAndApp
from pytest_mobileagent.sim.apps.permissioncontroller import PermissionControllerApp
from pytest_mobileagent.sim.apps.photos import PhotosApp
from pytest_mobileagent.sim.apps.retromusic import RetroMusicApp
from pytest_mobileagent.sim.apps.settings import SettingsApp
from pytest_mobileagent.sim.apps.slack import SlackApp
from pytest_mobileagent.sim.apps.sms import SmsMessengerApp
from pytest_mobileagent.sim.apps.tasks import TasksApp
from pytest_mobileagent.sim.apps.vlc import VlcApp
from pytest_mobileagent.sim.apps.wallpaper_picker import WallpaperPickerApp
from pytest_mobileagent.sim.apps.weather import WeatherApp
from pytest_mobileagent.sim.apps.youtube import YouTubeApp
from pytest_mobileagent.sim.providers import ContactsProviderApp
from pytest_mobileagent.sim.telephony import BlockedNumberProviderApp, TelephonyProviderApp

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
