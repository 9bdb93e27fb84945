"""AndroidWorld's Broccoli recipe tasks: add recipes from a description, delete named, constrained or duplicate ones.

The parameters are AndroidWorld's (``generate_random_params()``): ``row_objects`` (the recipes to add, to delete,
or the duplicated pair) and ``noise_row_objects`` (the other rows), each a
:class:`~pytest_mobileagent.android.broccoli.Recipe` or AndroidWorld's own ``Recipe``, with
``text_representation_type`` (``csv`` or ``text_block``), ``ingredient`` and ``prep_time`` where AndroidWorld has
them. The project's extras derive from them: the goal's text (``recipes``, ``titles``, ``title``) and ``order``,
the shuffle of the rows setup inserts (drawn where AndroidWorld's dict has none).

Setup replaces the ``recipes`` table with the task's rows (targets and noise) in a known order;
checks compare the table with that seed: exactly the expected rows added or removed, every other row
unchanged in every column. Added recipes match their targets field by field with AndroidWorld's
tolerance for free-form text (difflib ratio 0.9), except quantities (servings, time), which must be
exact: at that ratio AndroidWorld accepts "2 servings" for "6 servings".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.broccoli import DB_PATH as DB
from pytest_mobileagent.android.broccoli import Recipe, as_recipe
from pytest_mobileagent.android.media import jpeg_with_text
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI, OracleError
from pytest_mobileagent.tasks.rows import RowsTask
from pytest_mobileagent.validators.answers import text_matches
from pytest_mobileagent.validators.state import insert_rows, table_rows

COLUMNS = ("recipeId", "title", "description", "servings", "preparationTime", "source", "ingredients",
           "directions", "favorite")
#: The fields a recipe is described by in a goal, and compared on when added.
TEXT_FIELDS = ("title", "description", "servings", "preparationTime", "ingredients", "directions")
#: (title, directions): dishes people keep in a recipe app.
DISHES = (
    ("Miso Glazed Eggplant", "Halve the eggplants, brush with miso, honey and rice vinegar, and roast until soft."),
    ("Shakshuka", "Simmer tomatoes with peppers, onions, cumin and paprika, then poach eggs in the sauce."),
    ("Lemon Herb Roast Chicken", "Rub the chicken with lemon zest, garlic and thyme; roast at 200C for an hour."),
    ("Black Bean Burgers", "Mash black beans with breadcrumbs, cumin and an egg, shape patties and pan fry."),
    ("Mushroom Risotto", "Toast arborio rice, add stock a ladle at a time, stir in mushrooms and parmesan."),
    ("Overnight Oats", "Stir oats into milk and yogurt with chia seeds and honey; chill overnight."),
    ("Chana Masala", "Fry onions with ginger, garlic and garam masala, add chickpeas and tomatoes, simmer."),
    ("Pumpkin Soup", "Roast pumpkin with onions, blend with stock and a splash of cream, season with nutmeg."),
    ("Fish Tacos", "Grill white fish with chili and lime, serve in tortillas with cabbage slaw and salsa."),
    ("Spinach Lasagna", "Layer pasta sheets with ricotta, spinach and tomato sauce, top with mozzarella, bake."),
    ("Teriyaki Salmon", "Glaze salmon with soy sauce, mirin and ginger, broil until caramelized."),
    ("Falafel Bowl", "Bake falafel, serve over couscous with cucumber, tomatoes and a tahini dressing."),
    ("Banana Pancakes", "Whisk mashed banana with eggs and flour, cook small pancakes in butter."),
    ("Ratatouille", "Stew zucchini, eggplant, peppers and tomatoes slowly with garlic and basil."),
    ("Chicken Tikka", "Marinate chicken in yogurt and spices, skewer and grill until charred."),
    ("Caprese Sandwich", "Layer mozzarella, tomato and basil on ciabatta with olive oil and balsamic."),
    ("Peanut Noodles", "Toss noodles with peanut butter, soy sauce, lime and chili, top with scallions."),
    ("Potato Leek Soup", "Sweat leeks in butter, add potatoes and stock, simmer and blend until smooth."),
    ("Greek Lemon Rice", "Cook rice in stock with lemon juice, dill and spinach, finish with feta."),
    ("Beef Bulgogi", "Marinate thin beef in soy sauce, pear and sesame oil, sear quickly over high heat."),
    ("Veggie Frittata", "Whisk eggs with milk, pour over sauteed peppers and spinach, bake until set."),
    ("Apple Crumble", "Top sliced apples with oats, flour, butter and cinnamon, bake until golden."),
    ("Tomato Bruschetta", "Spoon tomatoes, garlic and basil over toasted baguette slices with olive oil."),
    ("Coconut Dal", "Simmer red lentils with coconut milk, turmeric and ginger until creamy."),
)
DESCRIPTIONS = ("A weeknight favourite that comes together fast.", "Great for meal prep and keeps well.",
                "Comforting and hearty, perfect for cold days.", "Light, fresh and ready in no time.",
                "A crowd pleaser for family dinners.")
INGREDIENTS = ("see directions", "as needed", "pantry staples", "to taste", "varies by season")
SERVINGS = ("1 serving", "2 servings", "3-4 servings", "6 servings", "8 servings")
PREP_TIMES = ("10 mins", "20 mins", "30 mins", "45 mins", "1 hrs", "2 hrs")
#: Ingredients named in :data:`DISHES`' directions, for the constrained deletion.
KEY_INGREDIENTS = ("eggs", "garlic", "soy sauce", "tomatoes", "yogurt", "butter", "spinach", "stock")


@st.composite
def recipe(draw: Any, dish: tuple[str, str] | None = None) -> Recipe:
    """A recipe (not yet in the database) with realistic fields."""
    title, directions = dish or draw(st.sampled_from(DISHES))
    return Recipe(title=title, description=draw(st.sampled_from(DESCRIPTIONS)),
                  servings=draw(st.sampled_from(SERVINGS)), preparationTime=draw(st.sampled_from(PREP_TIMES)),
                  ingredients=draw(st.sampled_from(INGREDIENTS)), directions=directions,
                  favorite=draw(st.integers(0, 1)))


def distinct_recipes(n: int, exclude: tuple[str, ...] = ()) -> st.SearchStrategy[list[Recipe]]:
    dishes = [d for d in DISHES if d[0] not in exclude]
    return st.lists(st.sampled_from(dishes), min_size=n, max_size=n, unique=True).flatmap(
        lambda picked: st.tuples(*[recipe(d) for d in picked]).map(list))


def as_text(rows: list[Any], style: str) -> str:
    """Recipes as a goal states them: CSV with a header line, or labelled blocks."""
    rows = [as_recipe(r) for r in rows]
    if style == "csv":
        quote = lambda v: '"' + str(v).replace('"', '""') + '"'  # noqa: E731
        return "\n".join([", ".join(TEXT_FIELDS),
                          *(", ".join(quote(getattr(r, f)) for f in TEXT_FIELDS) for r in rows)])
    labels = {"title": "Recipe", "description": "Description", "servings": "Servings",
              "preparationTime": "Preparation time", "ingredients": "Ingredients", "directions": "Directions"}
    return "\n\n".join("\n".join(f"{labels[f]}: {getattr(r, f)}" for f in TEXT_FIELDS) for r in rows)


def seed(device: Device, rows: list[Any]) -> list[tuple[Any, ...]]:
    """Replace the table with ``rows`` (ids 1..n in order) and return it as it now stands."""
    device.sqlite(DB, "DELETE FROM recipes")
    device.sqlite(DB, "DELETE FROM sqlite_sequence WHERE name = 'recipes'")
    insert_rows(device, DB, "recipes", [{"recipeId": i + 1, **{c: getattr(as_recipe(r), c) for c in COLUMNS[1:]}}
                                        for i, r in enumerate(rows)])
    return recipes_now(device)


def shuffled(rows: list[Any], order: list[int] | None) -> list[Any]:
    """``rows`` in the draw's ``order`` (as given without one)."""
    return [rows[i] for i in order] if order and len(order) == len(rows) else list(rows)


def recipes_now(device: Device) -> list[tuple[Any, ...]]:
    return sorted(table_rows(device, DB, "recipes", ", ".join(COLUMNS)))


def as_dict(row: tuple[Any, ...]) -> dict[str, Any]:
    return dict(zip(COLUMNS, row))


#: Fields holding a quantity: "2 servings" is not "6 servings", however similar the strings.
EXACT_FIELDS = ("servings", "preparationTime")


def matches(row: dict[str, Any], target: Any) -> bool:
    """Free text within AndroidWorld's fuzzy tolerance; quantities exact (ignoring case and spacing)."""
    def norm(v: Any) -> str:
        return " ".join(str(v or "").lower().split())

    return all(norm(row[f]) == norm(getattr(target, f)) if f in EXACT_FIELDS
               else text_matches(row[f] or "", getattr(target, f)) for f in TEXT_FIELDS)


def only_removed(before: list[tuple[Any, ...]], after: list[tuple[Any, ...]], ids: set[int]) -> bool:
    """``after`` is ``before`` without exactly the rows ``ids``, the rest unchanged."""
    return after == [r for r in before if r[0] not in ids]


class _RecipeTask(RowsTask):
    __abstract__ = True
    apps = ("broccoli app",)

    def targets(self) -> list[Recipe]:
        return [as_recipe(r) for r in self.params["row_objects"]]

    def describe_state(self, device: Device) -> str:
        return "recipes: " + "; ".join(f"{r[0]} {r[1]!r}" for r in recipes_now(device))


class _RecipeAdd(_RecipeTask):
    __abstract__ = True
    template = "Add the following recipes into the Broccoli app:\n{recipes}"
    n_rows = 1
    n_noise = 10

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            targets = d(distinct_recipes(cls.n_rows))
            noise = d(distinct_recipes(cls.n_noise, exclude=tuple(t.title for t in targets)))
            style = d(st.sampled_from(("csv", "text_block")))
            return {"row_objects": targets, "noise_row_objects": noise, "text_representation_type": style}
        return draw()

    @classmethod
    def inserted(cls, params: dict[str, Any]) -> list[Any]:
        return list(params["noise_row_objects"])

    @classmethod
    def goal_text(cls, params: dict[str, Any]) -> dict[str, str]:
        text = as_text(params["row_objects"], params["text_representation_type"])
        return {"recipes": text, "recipe": text}

    def setup(self, device: Device) -> None:
        self.before = seed(device, shuffled(self.params["noise_row_objects"], self.params["order"]))

    def check(self, device: Device, answer: str | None = None) -> float:
        after = recipes_now(device)
        known = {r[0] for r in self.before}
        if [r for r in after if r[0] in known] != self.before:
            return 0.0
        new = [as_dict(r) for r in after if r[0] not in known]
        targets = self.targets()
        if len(new) != len(targets):
            return 0.0
        for row in new:
            hit = next((t for t in targets if matches(row, t)), None)
            if hit is None:
                return 0.0
            targets.remove(hit)
        return 1.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Broccoli")
        for target in self.targets():
            yield ui.click(desc="New Recipe")
            for field, hint in (("title", "Title"), ("description", "Description"), ("servings", "Servings"),
                                ("preparationTime", "Time"), ("ingredients", "Ingredients"),
                                ("directions", "Directions")):
                yield ui.type(getattr(target, field), hint=hint)
            yield ui.click(text="Save", rid="button_save_recipe")
        yield ui.complete()


class RecipeAddSingleRecipe(_RecipeAdd):
    template = "Add the following recipes into the Broccoli app:\n{recipe}"
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
    complexity = 2
    optimal_steps = 12
    n_rows = 1


class RecipeAddMultipleRecipes(_RecipeAdd):
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    complexity = 4
    optimal_steps = 34
    n_rows = 3


class RecipeAddMultipleRecipesFromImage(_RecipeAdd):
    """The recipes are only in a photo (``DCIM/recipes.jpg``): the agent reads them in the gallery."""

    template = "Add the recipes from recipes.jpg in Simple Gallery Pro to the Broccoli recipe app."
    apps = ("broccoli app", "simple gallery pro")
    difficulty = "hard"
    tags = ("transcription", "screen_reading", "data_entry", "complex_ui_understanding", "parameterized")
    complexity = 4
    optimal_steps = 13
    n_rows = 3
    multimodal = True

    def setup(self, device: Device) -> None:
        super().setup(device)
        for name in device.list_dir("/sdcard/DCIM") if device.exists("/sdcard/DCIM") else []:
            device.remove(f"/sdcard/DCIM/{name}")
        text = as_text(self.targets(), "text_block")
        device.write_file("/sdcard/DCIM/recipes.jpg", jpeg_with_text(text.splitlines(), wrap=46))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("Simple Gallery Pro"), lambda: ui.click(text="DCIM"),
                              lambda: ui.click(text="recipes.jpg"))
        yield from super().oracle(ui)


MARKOR_NOTEBOOK = "/sdcard/Documents/Markor"


def write_markor_file(device: Device, name: str, text: str) -> None:
    """Empty Markor's notebook and leave one text file in it (AndroidWorld's ``write_to_markor``)."""
    if device.exists(MARKOR_NOTEBOOK):
        for old in device.list_dir(MARKOR_NOTEBOOK):
            device.remove(f"{MARKOR_NOTEBOOK}/{old}")
    device.write_file(f"{MARKOR_NOTEBOOK}/{name}", (text + "\n").encode())


class RecipeAddMultipleRecipesFromMarkor(_RecipeAdd):
    """The recipes are in ``recipes.txt`` in Markor."""

    template = "Add the recipes from recipes.txt in Markor to the Broccoli recipe app."
    apps = ("broccoli app", "markor")
    difficulty = "hard"
    tags = ("data_entry", "multi_app", "screen_reading", "memorization", "parameterized")
    complexity = 4
    optimal_steps = 24
    n_rows = 3

    def file_rows(self) -> list[Any]:
        return self.targets()

    def setup(self, device: Device) -> None:
        super().setup(device)
        write_markor_file(device, "recipes.txt", as_text(self.file_rows(), self.params["text_representation_type"]))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("Markor"), lambda: ui.click(text="recipes.txt"), ui.back)
        yield from super().oracle(ui)


class RecipeAddMultipleRecipesFromMarkor2(RecipeAddMultipleRecipesFromMarkor):
    """``recipes.txt`` holds 43 recipes; only the three that take ``prep_time`` are to be added. The 40 others are
    also the app's rows, as in AndroidWorld."""

    template = ("Add the recipes from recipes.txt in Markor that take {prep_time} to prepare into the Broccoli recipe "
                "app.")
    tags = ("parameterized", "screen_reading", "complex_ui_understanding", "repetition", "multi_app", "data_entry",
            "information_retrieval")
    optimal_steps = 26

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            prep = d(st.sampled_from(PREP_TIMES))
            targets = [dataclasses.replace(t, preparationTime=prep) for t in d(distinct_recipes(3))]
            others = [t for t in PREP_TIMES if t != prep]
            in_file = [dataclasses.replace(d(recipe()), preparationTime=d(st.sampled_from(others)))
                       for _ in range(40)]
            return {"row_objects": targets, "noise_row_objects": in_file,
                    "text_representation_type": d(st.sampled_from(("csv", "text_block"))), "prep_time": prep,
                    "order": d(st.permutations(list(range(43))))}
        return draw()

    @classmethod
    def inserted(cls, params: dict[str, Any]) -> list[Any]:
        return list(params["row_objects"]) + list(params["noise_row_objects"])  # the file's order

    def setup(self, device: Device) -> None:
        self.before = seed(device, self.params["noise_row_objects"])
        rows = shuffled(self.inserted(self.params), self.params["order"])
        write_markor_file(device, "recipes.txt", as_text(rows, self.params["text_representation_type"]))


def open_recipe(ui: UI, title: str, nth: int = 0, reading: str = "") -> Iterator[Action]:
    """Open the ``nth`` card (in list order) titled ``title``, searching for it when it is not on screen; with
    ``reading``, the opening click is marked as one the outcome may do without, for that reason."""
    cards = ui.find_all(text=title, rid="card_text_view_title")
    if len(cards) <= nth:
        why = "the search only brings the card on screen, and a query a letter short finds the same card"
        yield ui.tolerate(ui.click(desc="Search"), why, "skip")
        yield ui.tolerate(ui.type(title, rid="search_src_text"), why, "text:drop")
        cards = ui.find_all(text=title, rid="card_text_view_title")
    if nth >= len(cards):
        raise OracleError(f"card {nth} of {title!r} is not on screen ({len(cards)} shown)")
    click = Action.click(index=cards[nth][0])
    yield ui.tolerate(click, reading, "skip") if reading else click


def shows(ui: UI, recipe: Recipe) -> bool:
    """The details on screen are ``recipe``'s: each single-line field the details show (the non-empty ones), and
    the ingredients' and directions' rows (one per non-blank line)."""
    for field, rid in (("servings", "details_servings"), ("preparationTime", "details_preparation_time"),
                       ("description", "details_description"), ("source", "details_source")):
        found = ui.find_all(rid=rid)
        if (found[0][1].text if found else "") != (getattr(recipe, field) or ""):
            return False
    for field, rid in (("ingredients", "ingredient_text"), ("directions", "direction_text")):
        want = [line for line in (getattr(recipe, field) or "").split("\n") if line.strip()]
        if [node.text for _, node in ui.find_all(rid=rid)] != want:
            return False
    return True


def delete_open_recipe(ui: UI) -> Iterator[Action]:
    """Delete the recipe on screen, then leave a search if one is open."""
    yield ui.click(desc="More options")
    yield ui.click(text="Delete")
    yield ui.click(text="Delete", rid="button1")
    if ui.exists(rid="search_src_text"):
        yield ui.tolerate(ui.back(), "leaving the search changes no recipe", "skip")


class _RecipeDelete(_RecipeTask):
    __abstract__ = True
    template = "Delete the following recipes from Broccoli app: {titles}."
    n_rows = 1
    n_noise = 0

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            targets = d(distinct_recipes(cls.n_rows))
            titles = [t.title for t in targets]
            # noise never shares a target's title; it may repeat other dishes with other details
            others = [x for x in DISHES if x[0] not in titles]
            noise = [d(recipe(d(st.sampled_from(others)))) for _ in range(cls.n_noise)]
            return {"row_objects": targets, "noise_row_objects": noise,
                    "order": d(st.permutations(list(range(len(targets) + len(noise)))))}
        return draw()

    @classmethod
    def goal_text(cls, params: dict[str, Any]) -> dict[str, str]:
        return {"titles": ", ".join(as_recipe(r).title for r in params["row_objects"])}

    def setup(self, device: Device) -> None:
        self.before = seed(device, shuffled(self.inserted(self.params), self.params["order"]))

    def target_ids(self) -> set[int]:
        titles = {t.title for t in self.targets()}
        return {r[0] for r in self.before if r[1] in titles}

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if only_removed(self.before, recipes_now(device), self.target_ids()) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Broccoli")
        for target in self.targets():
            yield from open_recipe(ui, target.title)
            yield from delete_open_recipe(ui)
        yield ui.complete()


class RecipeDeleteSingleRecipe(_RecipeDelete):
    template = "Delete the following recipes from Broccoli app: {titles}."
    difficulty = "easy"
    tags = ("data_edit", "search", "parameterized")
    complexity = 1
    optimal_steps = 5


class RecipeDeleteSingleWithRecipeWithNoise(_RecipeDelete):
    difficulty = "easy"
    tags = ("search", "screen_reading", "data_edit", "parameterized")
    complexity = 3
    optimal_steps = 10
    n_noise = 29


class RecipeDeleteMultipleRecipes(_RecipeDelete):
    difficulty = "easy"
    tags = ("data_edit", "parameterized")
    complexity = 2
    optimal_steps = 12
    n_rows = 3


class RecipeDeleteMultipleRecipesWithNoise(_RecipeDelete):
    difficulty = "medium"
    tags = ("parameterized", "search", "complex_ui_understanding", "repetition")
    complexity = 3
    optimal_steps = 17
    n_rows = 3
    n_noise = 29


class RecipeDeleteMultipleRecipesWithConstraint(_RecipeTask):
    """Delete every recipe whose directions mention the ingredient; AndroidWorld's uses 1 to 3 of them."""

    template = "Delete the recipes from Broccoli app that use {ingredient} in the directions."
    difficulty = "hard"
    tags = ("screen_reading", "repetition", "parameterized")
    complexity = 3
    optimal_steps = 20

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            ingredient = d(st.sampled_from(KEY_INGREDIENTS))
            using = [x for x in DISHES if ingredient in x[1].lower()]
            others = [x for x in DISHES if ingredient not in x[1].lower()]
            targets = d(st.lists(st.sampled_from(using), min_size=1, max_size=min(3, len(using)), unique=True))
            noise = d(st.lists(st.sampled_from(others), min_size=min(12, len(others)), max_size=min(12, len(others)),
                               unique=True))
            return {"ingredient": ingredient, "row_objects": [d(recipe(x)) for x in targets],
                    "noise_row_objects": [d(recipe(x)) for x in noise],
                    "order": d(st.permutations(list(range(len(targets) + len(noise)))))}
        return draw()

    def setup(self, device: Device) -> None:
        self.before = seed(device, shuffled(self.inserted(self.params), self.params["order"]))

    def check(self, device: Device, answer: str | None = None) -> float:
        ids = {r[0] for r in self.before if self.params["ingredient"] in (r[7] or "").lower()}
        return 1.0 if only_removed(self.before, recipes_now(device), ids) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Broccoli")
        for target in self.targets():
            yield from open_recipe(ui, target.title)
            yield from delete_open_recipe(ui)
        yield ui.complete()


class _RecipeDeleteDuplicates(_RecipeTask):
    """Two identical rows of one recipe among others (some sharing its title); exactly one copy must go."""

    __abstract__ = True
    template = ("Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least "
                "one instance of each unique recipe remains")
    n_noise = 5
    #: Noise rows that share the duplicated recipe's title but differ in other fields.
    n_variations = 0

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            dishes = d(st.lists(st.sampled_from(DISHES), min_size=cls.n_noise + 1, max_size=cls.n_noise + 1,
                                unique=True))
            target = d(recipe(dishes[0]))
            # variations differ from the target, and from each other, in servings or time
            combos = [(sv, t) for sv in SERVINGS for t in PREP_TIMES
                      if (sv, t) != (target.servings, target.preparationTime)]
            picks = d(st.lists(st.sampled_from(combos), min_size=cls.n_variations, max_size=cls.n_variations,
                               unique=True))
            variations = [dataclasses.replace(target, servings=sv, preparationTime=t) for sv, t in picks]
            noise = [d(recipe(x)) for x in dishes[1:]]
            # the copies first among their title, so they sit first in the app's (title, id) order
            return {"row_objects": [target, target], "noise_row_objects": [*variations, *noise],
                    "order": list(range(2 + len(variations) + len(noise)))}
        return draw()

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """The copies first, in AndroidWorld's dicts too (its own setup puts them anywhere)."""
        n = len(params["row_objects"]) + len(params.get("noise_row_objects", []))
        return super().complete_params({"order": list(range(n)), **params})

    @classmethod
    def goal_text(cls, params: dict[str, Any]) -> dict[str, str]:
        return {"title": as_recipe(params["row_objects"][0]).title}

    def setup(self, device: Device) -> None:
        self.before = seed(device, shuffled(self.inserted(self.params), self.params["order"]))

    def check(self, device: Device, answer: str | None = None) -> float:
        after = recipes_now(device)
        return 1.0 if only_removed(self.before, after, {1}) or only_removed(self.before, after, {2}) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        """Open the cards of the title in turn and delete the second whose details are the duplicated recipe's
        (AndroidWorld puts the copies anywhere among recipes of the same title)."""
        target = self.targets()[0]
        yield ui.open_app("Broccoli")
        seen = 0
        reading = ("a card is opened to read it; only the delete after the one that is deleted changes anything "
                   "(leaving that one's opening out leaves the delete nothing to act on)")
        for nth in range(len(self.inserted(self.params))):
            yield from open_recipe(ui, target.title, nth=nth, reading=reading)
            if shows(ui, target):
                seen += 1
                if seen == 2:
                    yield from delete_open_recipe(ui)
                    yield ui.complete()
                    return
            yield ui.tolerate(ui.back(), "reading a recipe's details changes nothing", "skip")
        raise OracleError(f"no two cards of {target.title!r} show the same recipe")


class RecipeDeleteDuplicateRecipes(_RecipeDeleteDuplicates):
    difficulty = "easy"
    tags = ("search", "data_edit", "screen_reading", "repetition", "parameterized")
    complexity = 1
    optimal_steps = 4


class RecipeDeleteDuplicateRecipes2(_RecipeDeleteDuplicates):
    difficulty = "medium"
    tags = ("repetition", "data_edit", "parameterized")
    complexity = 3
    optimal_steps = 11
    n_noise = 6
    n_variations = 4


class RecipeDeleteDuplicateRecipes3(_RecipeDeleteDuplicates):
    difficulty = "medium"
    tags = ("data_edit", "parameterized")
    complexity = 4
    optimal_steps = 16
    n_noise = 20
    n_variations = 6
