"""Broccoli: recipes created, searched and deleted through the UI land in its Room database; the tasks' checks."""

from __future__ import annotations

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android.broccoli import Recipe
from suites.androidworld.tasks_recipe import (
    DB,
    RecipeAddMultipleRecipes,
    RecipeDeleteDuplicateRecipes2,
    RecipeDeleteMultipleRecipesWithConstraint,
    RecipeDeleteSingleRecipe,
    as_text,
    recipes_now,
)
from tests.screen import elements, find, tap

PKG = "com.flauschcode.broccoli"


def row(title: str, directions: str = "Mix and serve.", **kw: object) -> dict[str, object]:
    return {"title": title, "description": "Quick.", "servings": "2 servings", "preparationTime": "10 mins",
            "source": "", "ingredients": "as needed", "directions": directions,
            "favorite": 0, **kw}


def recipe(title: str, directions: str = "Mix and serve.", **kw: object) -> Recipe:
    return Recipe(**row(title, directions, **kw))  # type: ignore[arg-type]


def texts(d: SimDevice) -> list[str]:
    return [e.text for e in elements(d) if e.text]


def test_room_schema_and_empty_list(d: SimDevice) -> None:
    # Room schema 1 of the 1.2.6 build AndroidWorld installs: the columns its Recipe row type reads with SELECT *
    cols = [r[1] for r in d.sqlite(DB, "PRAGMA table_info(recipes)")]
    assert cols == ["recipeId", "title", "imageName", "description", "servings", "preparationTime", "source",
                    "ingredients", "directions", "favorite"]
    d.start_app(PKG)
    assert "No recipes found." in texts(d)


def test_new_recipe_is_saved_with_every_field(d: SimDevice) -> None:
    d.start_app(PKG)
    tap(d, desc="New Recipe")
    assert "New Recipe" in texts(d)
    for hint, value in (("Title", "Dal"), ("Servings", "4 servings"), ("Time", "30 mins"),
                        ("Directions", "Simmer lentils.")):
        tap(d, hint=hint)
        d.input_text(value)
    tap(d, text="Save")
    assert d.sqlite(DB, "SELECT title, servings, preparationTime, directions, favorite FROM recipes") == [
        ("Dal", "4 servings", "30 mins", "Simmer lentils.", 0)]
    assert "Dal" in texts(d)


def test_untitled_recipe_is_refused_and_leaving_asks_to_discard(d: SimDevice) -> None:
    d.start_app(PKG)
    tap(d, desc="New Recipe")
    tap(d, hint="Servings")
    d.input_text("2")
    tap(d, text="Save")
    assert d.sqlite(DB, "SELECT COUNT(*) FROM recipes") == [(0,)]
    d.press("back")  # the keyboard
    d.press("back")
    assert "Discard changes?" in texts(d)
    tap(d, text="Discard")
    assert d.current_activity()[1] == "com.flauschcode.broccoli.MainActivity"


def test_search_filters_and_delete_confirms(d: SimDevice) -> None:
    RecipeDeleteSingleRecipe({"row_objects": [recipe("Fish Tacos")], "noise_row_objects": [recipe("Shakshuka")],
                              "order": [1, 0]}).setup(d)
    d.start_app(PKG)
    tap(d, desc="Search")
    d.input_text("taco")
    assert "Fish Tacos" in texts(d) and "Shakshuka" not in texts(d)
    tap(d, text="Fish Tacos")
    tap(d, desc="More options")
    tap(d, text="Delete")
    assert "Delete this recipe?" in texts(d)
    tap(d, rid="button1")
    assert [r[1] for r in recipes_now(d)] == ["Shakshuka"]


def test_favorite_toggles_the_column(d: SimDevice) -> None:
    RecipeDeleteSingleRecipe({"row_objects": [recipe("Shakshuka")]}).setup(d)
    d.start_app(PKG)
    tap(d, text="Shakshuka")
    tap(d, desc="Mark as favorite")
    assert d.sqlite(DB, "SELECT favorite FROM recipes") == [(1,)]
    assert find(d, desc="Remove from favorites")


def test_goal_text_formats() -> None:
    rows = [recipe("Dal", directions='Say "hi".')]
    assert as_text(rows, "csv").splitlines()[1].startswith('"Dal", "Quick."')
    assert as_text(rows, "csv").endswith('"Say ""hi""."')
    assert as_text(rows, "text_block").startswith("Recipe: Dal\nDescription: Quick.")


# -- checks ---------------------------------------------------------------------------------------


def add_task(d: SimDevice) -> RecipeAddMultipleRecipes:
    targets = [recipe("Dal"), recipe("Pho", servings="6 servings")]
    task = RecipeAddMultipleRecipes({"row_objects": targets, "noise_row_objects": [recipe("Shakshuka")],
                                     "text_representation_type": "csv"})
    task.setup(d)
    return task


def add(d: SimDevice, **fields: object) -> None:
    values = row(str(fields.pop("title")), **fields)
    d.sqlite(DB, f"INSERT INTO recipes ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
             tuple(values.values()))


def test_add_check_takes_free_text_up_to_case_and_spacing_only(d: SimDevice) -> None:
    task = add_task(d)
    add(d, title="Dal")
    assert task.check(d) == 0.0
    add(d, title="Pho", servings="6 servings", directions="Mix and serve")  # AndroidWorld let a missing "." pass
    assert task.check(d) == 0.0
    d.sqlite(DB, "DELETE FROM recipes WHERE title = 'Pho'")
    add(d, title="Pho", servings="6 servings", directions="mix  and serve.")
    assert task.check(d) == 1.0


@pytest.mark.parametrize("mistake", ["wrong servings", "third recipe", "noise edited", "noise deleted"])
def test_add_check_near_misses(d: SimDevice, mistake: str) -> None:
    task = add_task(d)
    add(d, title="Dal")
    add(d, title="Pho", servings="2 servings" if mistake == "wrong servings" else "6 servings")
    if mistake == "third recipe":
        add(d, title="Soup")
    if mistake == "noise edited":
        d.sqlite(DB, "UPDATE recipes SET favorite = 1 WHERE title = 'Shakshuka'")
    if mistake == "noise deleted":
        d.sqlite(DB, "DELETE FROM recipes WHERE title = 'Shakshuka'")
    assert task.check(d) == 0.0


def test_constraint_check_wants_every_recipe_using_the_ingredient_gone(d: SimDevice) -> None:
    targets = [recipe("A", "Whisk eggs."), recipe("B", "Crack two EGGS.")]
    task = RecipeDeleteMultipleRecipesWithConstraint({"ingredient": "eggs", "row_objects": targets,
                                                      "noise_row_objects": [recipe("C", "Boil pasta.")],
                                                      "order": [0, 1, 2]})
    task.setup(d)
    d.sqlite(DB, "DELETE FROM recipes WHERE title = 'A'")
    assert task.check(d) == 0.0  # case-insensitive: B uses eggs too
    d.sqlite(DB, "DELETE FROM recipes WHERE title = 'B'")
    assert task.check(d) == 1.0
    d.sqlite(DB, "DELETE FROM recipes WHERE title = 'C'")
    assert task.check(d) == 0.0


@pytest.mark.parametrize("deleted,expected", [([1], 1.0), ([2], 1.0), ([1, 2], 0.0), ([3], 0.0), ([2, 4], 0.0)])
def test_duplicates_check_keeps_exactly_one_copy(d: SimDevice, deleted: list[int], expected: float) -> None:
    target = recipe("Dal")
    task = RecipeDeleteDuplicateRecipes2({"row_objects": [target, target],
                                          "noise_row_objects": [recipe("Dal", servings="8 servings"), recipe("Pho")]})
    task.setup(d)
    for recipe_id in deleted:
        d.sqlite(DB, "DELETE FROM recipes WHERE recipeId = ?", (recipe_id,))
    assert task.check(d) == expected
