"""Retro Music (``code.name.monkey.retromusic``): playlists and the playback state.

:data:`EVIDENCE` cites the app's repository ``RetroMusicPlayer/RetroMusicPlayer`` at tag ``v6.1.0`` (versionCode
10603, the ``code.name.monkey.retromusic_10603.apk`` AndroidWorld installs).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import SYSTEM_PALETTE_SOURCE, LauncherIcon, dynamic

PACKAGE = "code.name.monkey.retromusic"
MAIN_ACTIVITY = "code.name.monkey.retromusic.activities.MainActivity"
PLAYLIST_DB_NAME = "playlist.db"
PLAYLIST_DB_PATH = f"/data/data/{PACKAGE}/databases/{PLAYLIST_DB_NAME}"
PLAYBACK_DB_NAME = "music_playback_state.db"
PLAYBACK_DB_PATH = f"/data/data/{PACKAGE}/databases/{PLAYBACK_DB_NAME}"

#: default_audio_art (drawable-xxhdpi and drawable-night-xxhdpi webp), the cover of a song without embedded art
#: (RetroGlideExtension.songCoverOptions' placeholder and error drawable): a music note on this grey.
DEFAULT_COVER = "#E2E2E2"
DEFAULT_COVER_NIGHT = "#111111"

APP_VERSION = "6.1.0 (versionCode 10603, AndroidWorld's APK; RetroMusicPlayer/RetroMusicPlayer tag v6.1.0)"
REPO = "RetroMusicPlayer/RetroMusicPlayer"


def _at(path: str, note: str = "") -> Source:
    """A file of the app's repository at tag v6.1.0."""
    return Source(REPO, f"app/src/main/{path}", app_version="v6.1.0", note=note)


_STRINGS = _at("res/values/strings.xml")
_CONTROLS = _at("res/layout/fragment_player_playback_controls.xml", "the Normal player's controls")
_PLAYER_MENU = _at("res/menu/menu_player.xml", "the player's toolbar (PlayerFragment.setUpPlayerToolbar)")
_MINI = _at("res/layout/fragment_mini_player.xml")
_SCREENSHOT = Source(REPO, "fastlane/metadata/android/en-US/images/phoneScreenshots/1.jpg",
                     note="the now-playing screen: a chevron down at the toolbar's start")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _at("AndroidManifest.xml"),
    **entries("id", ("navigationView", "miniPlayerFragment"), _at("res/layout/sliding_music_panel_layout.xml")),
    **entries("id", ("miniPlayerTitle", "actionPrevious", "miniPlayerPlayPauseButton", "actionNext"), _MINI),
    **entries("id", ("imageTextContainer", "image"), _at("res/layout/item_list.xml", "a row's cover (centerCrop)")),
    **entries("id", ("colorGradientBackground", "playerAlbumCoverFragment", "playbackControlsFragment",
                     "playerToolbar"), _at("res/layout/fragment_player.xml", "the Normal now-playing screen")),
    key("id", "player_image"): _at("res/layout/fragment_album_cover.xml", "the cover (centerCrop)"),
    **entries("id", ("songCurrentProgress", "progressSlider", "songTotalTime", "repeatButton", "previousButton",
                     "playPauseButton", "nextButton", "shuffleButton"), _CONTROLS),
    **entries("id", ("action_sleep_timer", "action_toggle_lyrics", "action_toggle_favorite", "now_playing"),
              _PLAYER_MENU),
    **entries("desc", ("Sleep timer", "Lyrics", "Favorites", "Now playing queue"), _STRINGS),
    **entries("text", ("Playback Speed", "Drive mode", "Go to album", "Go to artist", "Go to genre",
                       "Save playing queue", "Share", "Set as ringtone", "Clear playing queue", "Details",
                       "Go to Lyrics", "Equalizer", "Delete from device"), _STRINGS),
    key("desc", "Navigate up"): _SCREENSHOT,
    key("icon", "Navigate up"): _SCREENSHOT,
    key("icon", "repeatButton"): Source(_CONTROLS.repo, _CONTROLS.path, app_version="v6.1.0",
                                        note="@drawable/ic_repeat"),
    key("icon", "previousButton"): Source(_CONTROLS.repo, _CONTROLS.path, app_version="v6.1.0",
                                          note="@drawable/ic_skip_previous"),
    key("icon", "playPauseButton"): _at("java/code/name/monkey/retromusic/fragments/player/normal/"
                                        "PlayerPlaybackControlsFragment.kt",
                                        "ic_pause while playing, else ic_play_arrow"),
    key("icon", "nextButton"): Source(_CONTROLS.repo, _CONTROLS.path, app_version="v6.1.0",
                                      note="@drawable/ic_skip_next"),
    key("icon", "shuffleButton"): Source(_CONTROLS.repo, _CONTROLS.path, app_version="v6.1.0",
                                         note="@drawable/ic_shuffle"),
    key("icon", "Sleep timer"): Source(_PLAYER_MENU.repo, _PLAYER_MENU.path, app_version="v6.1.0",
                                       note="@drawable/ic_sleep_timer (Material's bedtime)"),
    key("icon", "Lyrics"): Source(_PLAYER_MENU.repo, _PLAYER_MENU.path, app_version="v6.1.0",
                                  note="@drawable/sld_lyrics"),
    key("icon", "Favorites"): _at("java/code/name/monkey/retromusic/fragments/base/AbsPlayerFragment.kt",
                                  "ic_favorite_border until the song is a favourite"),
    key("icon", "Now playing queue"): Source(_PLAYER_MENU.repo, _PLAYER_MENU.path, app_version="v6.1.0",
                                             note="@drawable/ic_queue_music"),
    key("icon", "actionPrevious"): Source(_MINI.repo, _MINI.path, app_version="v6.1.0",
                                          note="@drawable/ic_skip_previous"),
    key("icon", "actionNext"): Source(_MINI.repo, _MINI.path, app_version="v6.1.0", note="@drawable/ic_skip_next"),
    key("icon", "miniPlayerPlayPauseButton"): Source(_MINI.repo, _MINI.path, app_version="v6.1.0",
                                                     note="@drawable/ic_pause while playing"),
    key("icon", "image"): _at("java/code/name/monkey/retromusic/glide/RetroGlideExtension.kt",
                              "DEFAULT_SONG_IMAGE default_audio_art (a music note) without embedded art"),
    key("id", "recycler_view"): _at("res/layout/fragment_main_recycler.xml"),
    key("id", "toolbar"): _at("res/layout/simple_appbar_layout.xml", "the library screens' app bar"),
    key("id", "action_search"): _at("java/code/name/monkey/retromusic/fragments/base/AbsRecyclerViewFragment.kt",
                                    "the app bar's search item (id declared in res/navigation/main_graph.xml)"),
    **entries("id", ("title", "text", "menu"), _at("res/layout/item_list.xml", "a song or playlist row")),
    **entries("id", ("action_add_to_playlist", "action_add_to_current_playing"),
              _at("res/menu/menu_media_selection.xml", "the multi-selection's actions")),
    key("id", "actionNewPlaylist"): _at("res/layout/dialog_playlist.xml", "hint playlist_name_empty"),
    key("id", "cab_close"): Unconfirmed("the selection bar's close button of com.afollestad:material-cab 2.0.1 "
                                        "(app/build.gradle); that library's id was not checked"),
    **entries("desc", ("Add to playlist", "Add to playing queue", "Search"), _STRINGS),
    **entries("text", ("Songs", "Playlists", "New playlist", "Playlist name", "Create", "Cancel"), _STRINGS),
    key("text", "Add to playlist"): _at("java/code/name/monkey/retromusic/dialogs/AddToPlaylistDialog.kt",
                                        "add_playlist_title; rows: action_new_playlist, then the playlists"),
    **entries("text", ("For you", "Albums", "Artists"), _at("res/menu/bottom_navigation_main.xml",
                                                          "the bottom navigation's titles (strings.xml)")),
    **{key("icon", t): Source(REPO, "app/src/main/res/menu/bottom_navigation_main.xml", app_version="v6.1.0",
                              note=f"@drawable/{d}")
       for t, d in (("For you", "ic_home"), ("Songs", "ic_audiotrack"), ("Albums", "ic_album"),
                    ("Artists", "ic_artist (Material's person)"), ("Playlists", "ic_queue_music"))},
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button1", "button2", "title", "summary",
                "text1", "select_dialog_listview"),
}

__all__ = ["APP_VERSION", "DEFAULT_COVER", "DEFAULT_COVER_NIGHT", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE",
           "PLAYBACK_DB_NAME", "PLAYBACK_DB_PATH", "PLAYLIST_DB_NAME", "PLAYLIST_DB_PATH"]

#: Theme "auto" (follows the system) with Material You on by default on Android 12+ (PreferenceUtil.kt:
#: materialYou defaults to VersionUtils.hasS()): Theme.RetroMusic.MD3, Material 3 DayNight with dynamic colour.
THEME = dynamic(_at("java/code/name/monkey/retromusic/util/PreferenceUtil.kt",
                    note="baseTheme default \"auto\", materialYou default hasS(); styles.xml Theme.RetroMusic.MD3; "
                         f"palette: {SYSTEM_PALETTE_SOURCE}"))
#: A white background under a play triangle in navy, teal and blue.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "play_arrow", _at("res/values/ic_launcher_background.xml",
                             note="ic_launcher_background #FFFFFF; mipmap-xxxhdpi/ic_launcher.png: a play "
                                  "triangle, navy (#1D185E) with teal and blue"), foreground="#1D185E")
