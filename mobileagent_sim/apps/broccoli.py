"""Broccoli (``com.flauschcode.broccoli``): a recipe book over its Room database.

State lives where the real app keeps it: ``/data/data/com.flauschcode.broccoli/databases/broccoli``,
table ``recipes`` (Room schema version 1: ``recipeId``, ``title``, ``imageName``, ``description``,
``servings``, ``preparationTime``, ``source``, ``ingredients``, ``directions``, ``favorite``), with ``categories``
and ``recipes_with_categories``. Version 1 is the schema of the 1.2.6 build AndroidWorld installs
(``com.flauschcode.broccoli_1020600.apk``): its ``Recipe`` row type reads ``SELECT *`` into exactly these ten
columns (``android_world/task_evals/utils/sqlite_schema_utils.py``); ``notes`` came with Room schema 2 and
``nutritionalValues`` with 3 (``app/schemas/com.flauschcode.broccoli.BroccoliDatabase/{1,2,3}.json`` in the app's
repository). Screens follow the app's
1.2.6 layouts, menus and strings (``flauschtrud/broccoli`` at tag ``v1.2.6``; the contract module's ``EVIDENCE``
cites each id): the recipe list (cards with title, description and source, the "New Recipe" button
``fab_recipes``), the recipe's details (favourite in the app bar; Share, Share as file, Edit and Delete in the
overflow, Delete confirmed by "Delete this recipe?") and the editor (the Save button in the app bar; leaving with
changes asks "Discard changes?"). The navigation drawer, categories and the cooking assistant are not simulated.
"""

from __future__ import annotations

from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    Frame,
    ImageButton,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.broccoli import DB_NAME as DB
from pytest_mobileagent.android.broccoli import MAIN_ACTIVITY, PACKAGE

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS `recipes` (`recipeId` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `title` TEXT, "
    "`imageName` TEXT, `description` TEXT, `servings` TEXT, `preparationTime` TEXT, `source` TEXT, "
    "`ingredients` TEXT, `directions` TEXT, `favorite` INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS `categories` (`categoryId` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `name` TEXT)",
    "CREATE TABLE IF NOT EXISTS `recipes_with_categories` (`recipeId` INTEGER NOT NULL, `categoryId` INTEGER NOT "
    "NULL, PRIMARY KEY(`recipeId`, `categoryId`), FOREIGN KEY(`recipeId`) REFERENCES `recipes`(`recipeId`) ON "
    "UPDATE NO ACTION ON DELETE CASCADE , FOREIGN KEY(`categoryId`) REFERENCES `categories`(`categoryId`) ON "
    "UPDATE NO ACTION ON DELETE CASCADE )",
)
#: The editor's fields: (column, hint shown in the form, the field's id), in the form's order (1.2.6's
#: ``activity_new_recipe.xml``; its Categories field is not simulated).
FIELDS = (("title", "Title", "new_title"), ("description", "Description", "new_description"),
          ("source", "Source", "new_source"), ("servings", "Servings", "new_servings"),
          ("preparationTime", "Time", "new_preparation_time"), ("ingredients", "Ingredients", "new_ingredients"),
          ("directions", "Directions", "new_directions"))
#: The details' single-line fields: (column, id) as ``content_recipe_details.xml`` lays them out.
DETAILS = (("servings", "details_servings"), ("preparationTime", "details_preparation_time"),
           ("description", "details_description"), ("source", "details_source"))
COLUMNS = ("recipeId", *(c for c, _, _ in FIELDS), "favorite")


class Recipes:
    """The ``recipes`` table, read and written as the app's DAO would."""

    def __init__(self, app: App):
        self.app = app

    def all(self) -> list[dict[str, Any]]:
        with self.app.db(DB) as db:
            rows = db.execute(f"SELECT {', '.join(COLUMNS)} FROM recipes ORDER BY title COLLATE NOCASE, "
                              "recipeId").fetchall()
        return [dict(zip(COLUMNS, r)) for r in rows]

    def get(self, recipe_id: int) -> dict[str, Any] | None:
        with self.app.db(DB) as db:
            row = db.execute(f"SELECT {', '.join(COLUMNS)} FROM recipes WHERE recipeId = ?", (recipe_id,)).fetchone()
        return dict(zip(COLUMNS, row)) if row else None

    def save(self, recipe_id: int, values: dict[str, str]) -> int:
        cols = [c for c, _, _ in FIELDS]
        with self.app.db(DB) as db:
            if recipe_id:
                db.execute(f"UPDATE recipes SET {', '.join(f'`{c}` = ?' for c in cols)} WHERE recipeId = ?",
                           (*(values.get(c, "") for c in cols), recipe_id))
                return recipe_id
            cur = db.execute(f"INSERT INTO recipes (imageName, {', '.join(cols)}, favorite) "
                             f"VALUES ('', {', '.join('?' * len(cols))}, 0)", tuple(values.get(c, "") for c in cols))
            return int(cur.lastrowid or 0)

    def delete(self, recipe_id: int) -> None:
        with self.app.db(DB) as db:
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("DELETE FROM recipes WHERE recipeId = ?", (recipe_id,))

    def toggle_favorite(self, recipe_id: int) -> None:
        with self.app.db(DB) as db:
            db.execute("UPDATE recipes SET favorite = 1 - favorite WHERE recipeId = ?", (recipe_id,))


class MainActivity(Activity):
    """The recipe list, with the app bar's search (title, description, source and ingredients, as its index)."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.searching = False

    def matches(self, recipe: dict[str, Any]) -> bool:
        query = self.fields.get("search_src_text", "").strip().lower()
        return not query or any(query in (recipe[c] or "").lower()
                                for c in ("title", "description", "source", "ingredients"))

    def app_bar(self) -> View:
        """``fragment_recipes.xml``'s Toolbar: the category Spinner ("All recipes") and the search action, which
        expands into a SearchView hinted "Search in <CATEGORY>" (``RecipeFragment``)."""
        if self.searching:
            return Row(ImageButton("Collapse", self.stop_search, icon="arrow_back"),
                       self.field("search_src_text", hint="Search in ALL RECIPES", weight=1),
                       id="toolbar_recipes", height=64, style="toolbar")
        spinner = View(cls="android.widget.Spinner", id="spinner", desc="Categories", clickable=True,
                       focusable=True, weight=1, children=[Text("All recipes", id="android:id/text1")])
        return Row(spinner, ImageButton("Search", self.start_search, icon="search", id="action_search"),
                   id="toolbar_recipes", height=64, style="toolbar")

    def start_search(self) -> None:
        self.searching = True
        self.fields["search_src_text"] = ""
        self.request_focus("search_src_text")

    def stop_search(self) -> None:
        self.searching = False
        self.fields["search_src_text"] = ""

    def on_back(self) -> bool:
        if self.searching and not (self.menu or self.dialog):
            self.stop_search()
            return True
        return super().on_back()

    def build(self) -> View:
        recipes = [r for r in Recipes(self.app).all() if self.matches(r)]
        cards = [Column(Text(r["title"] or "", id="card_text_view_title", style="item-title"),
                        Text(r["description"], id="card_text_view_description", style="item-summary")
                        if r["description"] else None,
                        Text(r["source"], id="card_text_view_source", style="item-summary")
                        if r["source"] else None,
                        cls="com.google.android.material.card.MaterialCardView", clickable=True, focusable=True,
                        padding=8, on_click=lambda i=r["recipeId"]: self.start(RecipeDetailsActivity, recipe_id=i))
                 for r in recipes]
        listing = (Scroll(*cards, id="recycler_view", weight=1) if cards else
                   Column(Text("No recipes found.", style="item-title"), Text("create a new recipe"),
                          Text("import a recipe from a website"), id="recipes_empty", weight=1, padding=24))
        return Frame(
            Column(self.app_bar(), listing),
            Column(View(weight=1), Row(View(weight=1), ImageButton("New Recipe", self.new_recipe, icon="add",
                                                                    id="fab_recipes", width=56, height=56,
                                                                    style="fab"),
                                       height=72)),
        )

    def new_recipe(self) -> None:
        self.start(CreateAndEditRecipeActivity, recipe_id=0)


def lines(text: str | None) -> list[str]:
    """The rows the details show for ingredients or directions: one per line (``IngredientBuilder`` and
    ``DirectionBuilder`` split on newlines), blank lines left out."""
    return [line for line in (text or "").split("\n") if line.strip()]


class RecipeDetailsActivity(Activity):
    """One recipe (``activity_recipe_details.xml`` + ``content_recipe_details.xml``): the title, servings, time,
    description and source, then the ingredients (``ingredient_text`` rows; the app splits a leading quantity
    into ``ingredient_quantity``, which the simulator does not) and the numbered directions; the app bar's
    favourite action and the overflow (Share, Share as file, Edit, Delete; ``menu/details.xml``); the Cook
    button ``fab_cooking_assistant`` (the cooking assistant is not simulated)."""

    name = "com.flauschcode.broccoli.recipe.details.RecipeDetailsActivity"

    def recipe(self) -> dict[str, Any] | None:
        return Recipes(self.app).get(self.intent.extras.get("recipe_id", 0))

    def build(self) -> View:
        r = self.recipe()
        if r is None:
            return Column(Toolbar("", navigate_up=self.finish))
        favorite = (ImageButton("Remove from favorites", self.toggle_favorite, icon="favorite",
                                id="action_details_unlike") if r["favorite"] else
                    ImageButton("Mark as favorite", self.toggle_favorite, icon="favorite:outlined",
                                id="action_details_like"))
        sections: list[View | None] = [Text(r["title"] or "", id="details_title", style="title")]
        sections += [Text(r[col], id=rid) for col, rid in DETAILS if r[col]]
        if lines(r["ingredients"]):
            sections += [Text("Ingredients", style="item-title"),
                         Column(*[Text(line, id="ingredient_text") for line in lines(r["ingredients"])],
                                id="details_ingredients")]
        if lines(r["directions"]):
            sections += [Text("Directions", style="item-title"),
                         Column(*[Row(Text(str(n), id="direction_position", width=32),
                                      Text(line, id="direction_text", weight=1))
                                  for n, line in enumerate(lines(r["directions"]), 1)], id="details_directions")]
        return Frame(
            Column(Toolbar(r["title"] or "", navigate_up=self.finish, actions=[favorite],
                           overflow=lambda: self.open_menu("more")),
                   Scroll(*sections, id="scroll_view", cls="androidx.core.widget.NestedScrollView", weight=1)),
            Column(View(weight=1), Row(View(weight=1), ImageButton("Cook", self.close_menu, icon="restaurant",
                                                                    id="fab_cooking_assistant", width=56,
                                                                    height=56, style="fab"), height=72)),
        )

    def menu_items(self, name: str):
        return [("Share", self.close_menu), ("Share as file", self.close_menu), ("Edit", self.edit),
                ("Delete", self.ask_delete)]

    def toggle_favorite(self) -> None:
        Recipes(self.app).toggle_favorite(self.intent.extras["recipe_id"])

    def edit(self) -> None:
        self.close_menu()
        self.start(CreateAndEditRecipeActivity, recipe_id=self.intent.extras["recipe_id"])

    def ask_delete(self) -> None:
        self.close_menu()
        self.dialog = "delete"

    def build_dialog(self, name: str) -> View:
        return Dialog("", Text("Delete this recipe?", id="android:id/message", style="dialog-body"),
                      buttons=[Button("Cancel", self.cancel, id="android:id/button2"),
                               Button("Delete", self.delete, id="android:id/button1")])

    def cancel(self) -> None:
        self.dialog = None

    def delete(self) -> None:
        Recipes(self.app).delete(self.intent.extras["recipe_id"])
        self.log("Broccoli", f"recipe {self.intent.extras['recipe_id']} deleted")
        self.toast("The recipe has been deleted.")
        self.dialog = None
        self.finish()


class CreateAndEditRecipeActivity(Activity):
    """The editor (``activity_new_recipe.xml``): one field per column; the app bar's Save button
    (``button_save_recipe``, a MaterialButton) writes the row."""

    name = "com.flauschcode.broccoli.recipe.crud.CreateAndEditRecipeActivity"

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        existing = Recipes(app).get(intent.extras.get("recipe_id", 0)) if intent.extras.get("recipe_id") else None
        self.fields = {fid: (existing or {}).get(col) or "" for col, _, fid in FIELDS}
        self.original = dict(self.fields)

    def build(self) -> View:
        multiline = {"ingredients", "directions", "description"}
        return Column(
            Toolbar("New Recipe", navigate_up=self.leave,  # the activity's label, for a new or an edited recipe
                    actions=[Button("Save", self.save, id="button_save_recipe")]),
            Scroll(*[self.field(fid, hint=hint, multiline=col in multiline) for col, hint, fid in FIELDS],
                   id="", cls="androidx.core.widget.NestedScrollView", weight=1),
        )

    def save(self) -> None:
        if not self.fields.get("new_title", "").strip():
            self.toast("Please add a title.")
            return
        values = {col: self.fields.get(fid, "") for col, _, fid in FIELDS}
        Recipes(self.app).save(self.intent.extras.get("recipe_id", 0), values)
        self.toast("The recipe has been saved.")
        self.finish()

    def leave(self) -> None:
        if self.fields != self.original:
            self.dialog = "discard"
        else:
            self.finish()

    def on_back(self) -> bool:
        if super().on_back():
            return True
        self.leave()
        return True

    def build_dialog(self, name: str) -> View:
        return Dialog("", Text("Discard changes?", id="android:id/message", style="dialog-body"),
                      buttons=[Button("Cancel", self.cancel, id="android:id/button2"),
                               Button("Discard", self.finish, id="android:id/button1")])

    def cancel(self) -> None:
        self.dialog = None


class BroccoliApp(App):
    package = PACKAGE
    label = "Broccoli"
    icon = "restaurant"
    activities = (MainActivity, RecipeDetailsActivity, CreateAndEditRecipeActivity)
    uid = 10063

    def install(self) -> None:
        with self.db(DB) as db:
            for statement in SCHEMA:
                db.execute(statement)


__all__ = ["COLUMNS", "DB", "FIELDS", "PACKAGE", "BroccoliApp"]
