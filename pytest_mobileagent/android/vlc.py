"""VLC (``org.videolan.vlc``): the media library ``vlc_media.db`` (videos, playlists).

:data:`EVIDENCE` cites ``videolan/vlc-android`` at tag ``3.5.4`` (versionCode 13050408 / 13050407, the APKs
AndroidWorld installs): layouts and menus under ``application/vlc-android/res``, strings under
``application/resources``.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import (
    Source,
    Unconfirmed,
    entries,
    framework,
    icon_entries,
    key,
)
from pytest_mobileagent.android.opensource import appcompat_icons
from pytest_mobileagent.android.theme import LauncherIcon, appcompat

PACKAGE = "org.videolan.vlc"
MAIN_ACTIVITY = "org.videolan.vlc.gui.MainActivity"
PLAYER_ACTIVITY = "org.videolan.vlc.gui.video.VideoPlayerActivity"
DB_NAME = "vlc_media.db"
DB_PATH = f"/data/data/{PACKAGE}/app_db/{DB_NAME}"

APP_VERSION = "3.5.4 (versionCode 13050408, AndroidWorld's APK; videolan/vlc-android tag 3.5.4)"
REPO = "videolan/vlc-android"


def _res(path: str, note: str = "") -> Source:
    """A resource file of the app module at tag 3.5.4."""
    return Source(REPO, f"application/vlc-android/res/{path}", app_version="3.5.4", note=note)


def _src(path: str, note: str = "") -> Source:
    """A source file of the app module (under ``org/videolan/vlc/``) at tag 3.5.4."""
    return Source(REPO, f"application/vlc-android/src/org/videolan/vlc/{path}", app_version="3.5.4", note=note)


_STRINGS = Source(REPO, "application/resources/src/main/res/values/strings.xml", app_version="3.5.4")
EVIDENCE = {
    **entries("activity", (MAIN_ACTIVITY, PLAYER_ACTIVITY),
              Source(REPO, "application/vlc-android/AndroidManifest.xml", app_version="3.5.4")),
    key("id", "navigation"): _res("layout/main.xml", "the bottom navigation (menu bottom_navigation.xml)"),
    key("id", "main_toolbar"): _res("layout/toolbar.xml", "also header_media_list_activity.xml (a playlist)"),
    key("id", "ml_menu_filter"): _res("menu/activity_option.xml", "a SearchView action titled searchable_hint"),
    **entries("id", ("video_grid", "empty_loading"), _res("layout/video_grid.xml")),
    **entries("id", ("container", "ml_item_title", "ml_item_time"), _res("layout/video_list_card.xml")),
    key("id", "network_list"): _res("layout/directory_browser.xml"),
    **entries("id", ("browser_container", "title", "text"), _res("layout/browser_item.xml")),
    key("id", "subtitle"): _res("layout/audio_browser_item.xml", "a playlist row (title, subtitle)"),
    key("id", "audio_list"): Source(REPO, "application/vlc-android/src/org/videolan/vlc/gui/PlaylistFragment.kt",
                                    app_version="3.5.4", note="findViewById(R.id.audio_list)"),
    **entries("id", ("item_container", "audio_item_title"), _res("layout/playlist_item.xml")),
    **entries("id", ("action_video_play", "action_mode_audio_add_playlist"), _res("menu/action_mode_video.xml")),
    key("id", "action_mode_bar"): Source("androidx/androidx", "appcompat/appcompat/src/main/res/layout/"
                                         "abc_screen_toolbar.xml", note="AppCompat's action mode bar"),
    key("id", "action_mode_close_button"): Source("androidx/androidx", "appcompat/appcompat/src/main/res/layout/"
                                                  "abc_action_mode_close_item_material.xml",
                                                  note="AppCompat's action mode close button, merged into the app"),
    **entries("id", ("textView9", "dialog_playlist_name", "textView8", "dialog_playlist_save"),
              _res("layout/dialog_playlist.xml", "SavePlaylistDialog; dialog_playlist_name is the "
                   "TextInputLayout, the simulator gives it to the EditText inside")),
    **entries("id", ("textView16",), _res("layout/simple_item.xml", "SimpleAdapter's row in the dialog")),
    key("id", "design_bottom_sheet"): Source("material-components/material-components-android",
                                             "lib/java/com/google/android/material/bottomsheet/res/layout/"
                                             "design_bottom_sheet_dialog.xml",
                                             note="SavePlaylistDialog is a bottom sheet dialog fragment"),
    key("id", "video_layout"): _res("layout/player.xml", "libvlc's VLCVideoLayout"),
    **entries("id", ("player_overlay_play", "player_overlay_time"), _res("layout/player_hud.xml")),
    **entries("desc", ("Play", "Add to playlist", "Search…"), _STRINGS),
    **entries("text", ("Video", "Audio", "Browse", "Playlists", "More", "Add to new playlist", "Playlist name",
                       "Add to existing playlist", "No playlist found.", "Add"), _STRINGS),
    **entries("text", ("Videos", "No videos", "No playlists yet", "Nothing to show"),
              Unconfirmed("titles and empty-state texts the simulator shows; 3.5.4's EmptyLoadingStateView texts "
                          "were not checked")),
    **framework("content", "title", "summary", "parentPanel", "alertTitle", "buttonPanel", "button2"),
    **entries("id", ("android:id/empty", "android:id/list"),
              _res("layout/dialog_playlist.xml", "@android:id/list, @android:id/empty ('No playlist found.')")),
    key("id", "ml_item_thumbnail"): _res("layout/video_list_card.xml", "the video's thumbnail"),
    key("id", "item_icon"): _res("layout/browser_item.xml", "a folder's or file's icon"),
    key("id", "media_cover"): _res("layout/audio_browser_item.xml", "a playlist's cover"),
    **icon_entries({
        "action_video_play": _res("menu/action_mode_video.xml", "ic_am_play (the app's artwork: a play triangle)"),
        "Add to playlist": _res("menu/action_mode_video.xml", "ic_am_addtoplaylist (playlist_add)"),
        "Search…": _res("menu/activity_option.xml", "ml_menu_filter: ic_menu_search_w"),
        "ml_item_thumbnail": _src("gui/helpers/UiTools.kt", "a video without a thumbnail: getDefaultVideoDrawable, "
                                  "ic_no_thumbnail_1610 (artwork: a film frame), drawn as the movie pictogram"),
        "item_icon": _src("gui/browser/BaseBrowserAdapter.kt", "ic_menu_folder for a folder, "
                          "ic_browser_video_normal for a video (artwork, drawn as the movie pictogram)"),
        "media_cover": _src("gui/helpers/UiTools.kt", "a playlist without a cover: getDefaultCover, "
                            "getDefaultAudioDrawable, ic_no_song (artwork: a note)"),
        "player_overlay_play": _src("gui/video/VideoPlayerOverlayDelegate.kt",
                                    "ic_pause_player while playing, ic_play_player when paused"),
    }),
    **appcompat_icons("Done", "Navigate up"),
}

__all__ = ["APP_VERSION", "DB_NAME", "DB_PATH", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE", "PLAYER_ACTIVITY"]

#: Theme.VLC: MaterialComponents Light with colorPrimary/Accent orange800 #FF610A, the toolbar on the surface
#: (Toolbar.VLC, ThemeOverlay.MaterialComponents.Toolbar.Surface) with font_default grey900 on it; night
#: (values-night: Theme.VLC.Black): background dark_background #131313, colorAccent orange600 #FF7D00, grey50 text.
THEME = appcompat("#FFFFFF", "#FF7200", "#FF610A", on_primary="#212121", dark_background="#131313",
                  dark_primary="#131313", dark_accent="#FF7D00", text="#212121", dark_text="#FAFAFA",
                  source=_res("values/styles.xml", note="Theme.VLC.Apearance, Theme.VLC.Apearance.Black, "
                                                       "Toolbar.VLC; values-night/styles.xml; resources' colors.xml"))
#: An orange gradient (orange300 to orange900) under the white-striped cone.
LAUNCHER_ICON = LauncherIcon("#FF8800", "change_history", _res("mipmap-anydpi-v26/ic_launcher.xml",
                             note="resources' drawable/ic_launcher_background.xml (orange gradient, orange500 "
                                  "#FF8800 its middle) and ic_launcher_foreground.xml (a cone, grey50 stripes)"),
                             foreground="#FAFAFA")
