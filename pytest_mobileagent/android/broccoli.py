"""Broccoli (``com.flauschcode.broccoli``): recipes in its Room database.

:data:`EVIDENCE` cites the app's own repository (``flauschtrud/broccoli``, formerly ``flauschcode/broccoli``) at the
tag of the build AndroidWorld installs (``com.flauschcode.broccoli_1020600.apk``: version 1.2.6, tag ``v1.2.6``).
"""

from __future__ import annotations

import dataclasses

from pytest_mobileagent.android.evidence import Source, entries, framework, icon_entries, key
from pytest_mobileagent.android.opensource import appcompat_icons
from pytest_mobileagent.android.theme import LauncherIcon, appcompat

PACKAGE = "com.flauschcode.broccoli"
MAIN_ACTIVITY = "com.flauschcode.broccoli.MainActivity"
DB_NAME = "broccoli"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"

APP_VERSION = "1.2.6 (versionCode 1020600, AndroidWorld's APK; flauschtrud/broccoli tag v1.2.6)"
REPO = "flauschtrud/broccoli"
_RES = "app/src/main/res"


def _at(path: str, note: str = "") -> Source:
    """A file of the app's repository at tag v1.2.6."""
    return Source(REPO, path, app_version="v1.2.6", note=note)


_STRINGS = _at(f"{_RES}/values/strings.xml")
_APPCOMPAT = Source("androidx/androidx", "appcompat/appcompat/src/main/res/layout/abc_search_view.xml",
                    note="AppCompat's SearchView (the app's menu/recipes.xml action view), merged into the app")

_ICONS = {
    "Search": _at(f"{_RES}/menu/recipes.xml", "action_search: ic_action_search_24dp"),
    "New Recipe": _at(f"{_RES}/layout/fragment_recipes.xml", "fab_recipes: @android:drawable/ic_input_add (add)"),
    "Remove from favorites": _at(f"{_RES}/menu/details.xml", "action_details_unlike: ic_favorite_24dp (filled)"),
    "Mark as favorite": _at(f"{_RES}/menu/details.xml", "action_details_like: ic_favorite_border_24dp (outlined)"),
    "Cook": _at(f"{_RES}/layout/activity_recipe_details.xml",
                "fab_cooking_assistant: ic_button_restaurant_24dp (restaurant)"),
}

EVIDENCE = {
    **{key("activity", f"{PACKAGE}.{a}"): _at("app/src/main/AndroidManifest.xml")
       for a in ("MainActivity", "recipe.details.RecipeDetailsActivity", "recipe.crud.CreateAndEditRecipeActivity")},
    **entries("id", ("toolbar_recipes", "spinner", "recipes_empty", "fab_recipes"),
              _at(f"{_RES}/layout/fragment_recipes.xml")),
    key("id", "recycler_view"): _at(f"{_RES}/layout/recipes_list.xml"),
    **entries("id", ("card_text_view_title", "card_text_view_description", "card_text_view_source"),
              _at(f"{_RES}/layout/recipe_item.xml", "MaterialCardView rows")),
    key("id", "action_search"): _at(f"{_RES}/menu/recipes.xml"),
    key("id", "search_src_text"): _APPCOMPAT,
    **entries("id", ("toolbar", "fab_cooking_assistant"), _at(f"{_RES}/layout/activity_recipe_details.xml",
                                                              "toolbar also in activity_new_recipe.xml")),
    **entries("id", ("scroll_view", "details_title", "details_servings", "details_preparation_time",
                     "details_description", "details_source", "details_ingredients", "details_directions"),
              _at(f"{_RES}/layout/content_recipe_details.xml")),
    key("id", "ingredient_text"): _at(f"{_RES}/layout/ingredient_item.xml"),
    **entries("id", ("direction_position", "direction_text"), _at(f"{_RES}/layout/direction_item.xml")),
    **entries("id", ("action_details_like", "action_details_unlike"), _at(f"{_RES}/menu/details.xml")),
    **entries("id", ("button_save_recipe", "new_title", "new_description", "new_source", "new_servings",
                     "new_preparation_time", "new_ingredients", "new_directions"),
              _at(f"{_RES}/layout/activity_new_recipe.xml")),
    **entries("desc", ("New Recipe", "Search", "Mark as favorite", "Remove from favorites", "Categories", "Cook"),
              _STRINGS),
    **entries("text", ("No recipes found.", "create a new recipe", "import a recipe from a website", "All recipes",
                       "Title", "Description", "Source", "Servings", "Time", "Ingredients", "Directions",
                       "Save", "Edit", "Delete", "Share", "Share as file", "Discard", "Delete this recipe?",
                       "Discard changes?", "Please add a title.", "The recipe has been saved.",
                       "The recipe has been deleted."), _STRINGS),
    key("text", "Search in ALL RECIPES"): _at("app/src/main/java/com/flauschcode/broccoli/recipe/list/"
                                              "RecipeFragment.java", "query hint search_in with the filter "
                                              "name upper-cased; 'All recipes' is CategoryRepository's first"),
    key("text", "New Recipe"): _at("app/src/main/AndroidManifest.xml", "CreateAndEditRecipeActivity's label "
                                   "(new_recipe), its title when editing too"),
    **framework("content", "parentPanel", "message", "buttonPanel", "button1", "button2", "title", "text1"),
    **icon_entries(_ICONS),
    **appcompat_icons("Collapse", "Navigate up", "More options"),
}

@dataclasses.dataclass(frozen=True)
class Recipe:
    """A row of ``recipes`` (Room schema 1), with the fields and defaults of AndroidWorld's ``Recipe`` row type, so
    either serves as a task parameter. ``recipeId`` is -1 for a recipe not read from the database."""

    title: str
    description: str = ""
    servings: str = ""
    preparationTime: str = ""
    source: str = ""
    ingredients: str = ""
    directions: str = ""
    favorite: int = 0
    imageName: str = ""
    recipeId: int = -1


def as_recipe(row: object) -> Recipe:
    """A row with a recipe's fields (AndroidWorld's ``Recipe``, or this one) as a :class:`Recipe`."""
    if isinstance(row, Recipe):
        return row
    return Recipe(**{f.name: getattr(row, f.name) for f in dataclasses.fields(Recipe) if hasattr(row, f.name)})


__all__ = ["APP_VERSION", "DB_NAME", "DB_PATH", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE", "Recipe", "as_recipe"]

#: Theme.Broccoli (MaterialComponents DayNight): colorPrimary green_800 #2E7D32 (the PrimarySurface action bar),
#: colorPrimaryVariant green_900 #1B5E20; night: colorPrimary/Secondary green_200 #A5D6A7, the bar on the surface.
THEME = appcompat("#2E7D32", "#1B5E20", "#2E7D32", dark_accent="#A5D6A7", dark_on_accent="#000000",
                  source=_at("app/src/main/res/values/themes.xml",
                             note="Theme.Broccoli; values-night/themes.xml for dark; values/colors.xml"))
#: A white background under a green broccoli floret (#84C887 and lighter greens).
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "nature", _at("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml",
                             note="background @android:color/white; drawable/ic_launcher_foreground.xml: a "
                                  "broccoli in greens (#84c887, #b1dcb3)"), foreground="#388E3C")
