"""Google Maps (``com.google.android.apps.maps``): package, activity, resource ids and seeded places.

``com.google.android.maps.MapsActivity`` is the activity AndroidWorld's ``adb_utils`` launches and that
apps name in ``setClassName`` for directions. The omnibox ids ``search_omnibox_text_box`` (an EditText
labelled "Search here" on current versions) and ``search_omnibox_edit_text``, and
``placepage_directions_button``, are those public UI-automation scripts use against the real app.
"""

from __future__ import annotations

from typing import NamedTuple

PACKAGE = "com.google.android.apps.maps"
MAIN_ACTIVITY = "com.google.android.maps.MapsActivity"
SEARCH_HINT = "Search here"


class Place(NamedTuple):
    name: str
    category: str
    address: str
    rating: str


#: Places the simulated map knows (there is no network): search matches their name or category.
PLACES: tuple[Place, ...] = (
    Place("Blue Bottle Coffee", "Coffee shop", "66 Mint St, San Francisco", "4.5"),
    Place("Philz Coffee", "Coffee shop", "201 Berry St, San Francisco", "4.6"),
    Place("Golden Gate Park", "Park", "San Francisco", "4.8"),
    Place("Ferry Building Marketplace", "Market", "1 Ferry Building, San Francisco", "4.7"),
    Place("San Francisco Public Library", "Library", "100 Larkin St, San Francisco", "4.4"),
    Place("Tartine Bakery", "Bakery", "600 Guerrero St, San Francisco", "4.5"),
)

__all__ = ["MAIN_ACTIVITY", "PACKAGE", "PLACES", "SEARCH_HINT", "Place"]
