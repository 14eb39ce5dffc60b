"""Hostile and broken project files: each is refused with one paragraph naming the file, the
place and what was expected, never a traceback, a hang or a memory error (issue 21)."""

import json
import os
import threading
from pathlib import Path

import pytest

from designer.core.catalog import default_catalog
from designer.core.io.canonical_json import dumps
from designer.core.io.project_file import ProjectFileError, load, loads
from designer.core.io.safe_read import MAX_FILE_BYTES

RACKS = default_catalog().racks
EXAMPLE = Path("projects") / "hgx-air-hall.rackplan.json"


def refusal(text: str | bytes, tmp_path: Path) -> str:
    """The message a file of ``text`` is refused with; it must be one paragraph."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    with pytest.raises(ProjectFileError) as err:
        loads(data, tmp_path / "bad.rackplan.json", RACKS)
    message = str(err.value)
    assert message.startswith(str(tmp_path / "bad.rackplan.json"))
    assert "\n" not in message
    return message


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def line_of(text: str, needle: str, start: int = 0) -> int:
    return text.count("\n", 0, text.index(needle, start)) + 1


# --- parsing -------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [100_000, 5_000])
def test_json_nested_past_the_interpreters_depth_is_refused(tmp_path, depth):
    message = refusal("[" * depth + "]" * depth, tmp_path)
    assert "nest" in message and "line 1" in message


def test_deep_nesting_inside_a_project_names_its_line(tmp_path):
    text = '{\n"schema_version": 2,\n"format": "rackplan-project",\n"meta": ' + "[" * 50_000
    message = refusal(text, tmp_path)
    assert "nest" in message and "line 4" in message


def test_an_integer_of_thousands_of_digits_is_refused_with_its_line(tmp_path):
    data = example()
    data["placements"][0]["x"] = 1
    text = dumps(data).replace('"x": 1,', '"x": ' + "9" * 5_000 + ",", 1)
    message = refusal(text, tmp_path)
    assert f"line {line_of(text, '9' * 5_000)}" in message
    assert "5,000 digits" in message


def test_duplicate_keys_are_refused_naming_the_key_and_its_line(tmp_path):
    text = dumps(example())
    twice = text.replace('"floor_type": "raised",', '"floor_type": "raised", "floor_type": "slab",')
    assert twice != text
    message = refusal(twice, tmp_path)
    assert '"floor_type"' in message and "twice" in message
    second = line_of(twice, '"floor_type": "slab"')
    assert f"line {second}" in message


def test_a_key_written_twice_with_an_escape_is_still_the_same_key(tmp_path):
    text = '{"format": "rackplan-project", "schema_version": 2, "meta": {"name": "a",\n"n\\u0061me": "b"}}'
    message = refusal(text, tmp_path)
    assert "line 2" in message and "twice" in message


def test_the_same_key_in_two_objects_is_no_duplicate(tmp_path):
    data = example()
    assert loads(dumps(data).encode(), tmp_path / "ok.rackplan.json", RACKS).project.placements


def test_a_byte_order_mark_is_read_past(tmp_path):
    """A file saved by Notepad starts with a byte order mark, which a JSON reader may
    ignore (RFC 8259, section 8.1); a trial's was refused."""
    marked = loads(b"\xef\xbb\xbf" + EXAMPLE.read_bytes(), tmp_path / "m.json", RACKS)
    plain = loads(EXAMPLE.read_bytes(), tmp_path / "p.json", RACKS)
    assert marked.project == plain.project


# --- what the file is ------------------------------------------------------------------------


def _finishes(call, seconds: float = 10.0):
    """Run ``call`` on a thread; the exception it raised, failing if it hangs."""
    outcome: list[BaseException | None] = []

    def body():
        try:
            call()
            outcome.append(None)
        except BaseException as err:
            outcome.append(err)

    worker = threading.Thread(target=body, daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, "loading hung"
    return outcome[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_is_refused_before_reading(tmp_path):
    fifo = tmp_path / "pipe.rackplan.json"
    os.mkfifo(fifo)
    err = _finishes(lambda: load(fifo, RACKS))
    assert isinstance(err, ProjectFileError)
    assert str(fifo) in str(err) and "not a regular file" in str(err)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_before_reading():
    err = _finishes(lambda: load(Path("/dev/zero"), RACKS))
    assert isinstance(err, ProjectFileError)
    assert "/dev/zero" in str(err) and "device" in str(err)


def test_a_file_over_the_limit_is_refused_before_reading(tmp_path):
    huge = tmp_path / "huge.rackplan.json"
    with huge.open("wb") as stream:  # sparse: nothing is written, nothing must be read
        stream.truncate(MAX_FILE_BYTES + 1)
    err = _finishes(lambda: load(huge, RACKS))
    assert isinstance(err, ProjectFileError)
    assert "1 GB" in str(err) and str(huge) in str(err)


def test_a_symlink_to_a_project_still_loads(tmp_path):
    link = tmp_path / "link.rackplan.json"
    link.symlink_to(EXAMPLE.resolve())
    assert load(link, RACKS).project.placements


# --- schema 1 ------------------------------------------------------------------------------


def v1(racks) -> str:
    data = json.loads((Path(__file__).parent / "data" / "v1-two-racks.json").read_text())
    data["racks"] = racks
    return dumps(data)


@pytest.mark.parametrize(
    ("racks", "where", "expected"),
    [
        (None, "racks", "a list of racks"),
        (5, "racks", "a list of racks"),
        ("r1", "racks", "a list of racks"),
        ([3], "racks -> 0", "a rack (an object with an id)"),
        ([{"id": "r1", "position": 7}], "racks -> r1 -> position", "[x, y]"),
        ([{"id": "r1", "position": [1, 2, 3]}], "racks -> r1 -> position", "[x, y]"),
        ([{"id": "r1", "feed_id": [1]}], "racks -> r1 -> feed_id", "a feed's id"),
    ],
)
def test_a_schema_1_file_with_a_wrong_field_is_refused_naming_it(tmp_path, racks, where, expected):
    message = refusal(v1(racks), tmp_path)
    assert f"the field {where}" in message and expected in message


# --- strict types --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("collection", "name", "value", "expected"),
    [
        ("placements", "x", True, "valid integer"),
        ("placements", "x", "600", "valid integer"),
        ("placements", "x", 600.5, "valid integer"),
        ("halls", "floor_rating_kpa", "25", "valid number"),
        ("halls", "floor_rating_kpa", True, "valid number"),
        ("trays", "width_mm", False, "valid integer"),
        ("placements", "label", 7, "valid string"),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused_with_its_path(
    tmp_path, collection, name, value, expected
):
    data = example()
    item = data[collection][0]
    item[name] = value
    message = refusal(dumps(data), tmp_path)
    assert f"{collection} -> {item['id']}" in message and f"-> {name}" in message
    assert expected in message and f"found {json.dumps(value)}" in message


def test_a_setting_of_the_wrong_kind_is_refused(tmp_path):
    data = example()
    data["settings"] = {"network": {"nvidia_only": 1}}
    message = refusal(dumps(data), tmp_path)
    assert "settings -> network -> nvidia_only" in message and "valid boolean" in message


def test_a_whole_number_written_as_a_float_is_still_a_float_field(tmp_path):
    data = example()
    data["halls"][0]["floor_rating_kpa"] = 12
    project = loads(dumps(data).encode(), tmp_path / "ok.rackplan.json", RACKS).project
    assert next(iter(project.halls.values())).floor_rating_kpa == 12.0


def test_a_schema_1_file_written_loosely_is_migrated(tmp_path):
    """The draft format was read loosely; its numbers written as text or as whole floats
    are upgraded as that version read them."""
    data = json.loads((Path(__file__).parent / "data" / "v1-two-racks.json").read_text())
    data["racks"][0]["position"] = ["1200", 1200.0]
    data["halls"][0]["floor_rating_kpa"] = "25"
    result = loads(dumps(data).encode(), tmp_path / "old.rackplan.json", RACKS)
    rack = result.project.placements["r1"]
    assert (rack.x, rack.y) == (1200, 1200)
    assert result.project.halls["h1"].floor_rating_kpa == 25.0


# --- text ----------------------------------------------------------------------------------


def _strings(value, path=()):
    """The path of every string value and of every object key in a parsed file."""
    if isinstance(value, dict):
        for key, sub in value.items():
            yield (*path, ("key", key))
            yield from _strings(sub, (*path, key))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from _strings(sub, (*path, index))
    elif isinstance(value, str):
        yield path


def _with_surrogate(data, path):
    copy = json.loads(json.dumps(data))
    *parents, last = path
    holder = copy
    for part in parents:
        holder = holder[part]
    if isinstance(last, tuple):  # a key
        key = last[1]
        holder[key + "\ud800"] = holder.pop(key)
    else:
        holder[last] = holder[last] + "\ud800"
    return copy


def test_a_lone_surrogate_in_any_string_is_refused_with_its_path(tmp_path):
    data = example()
    paths = list(_strings(data))
    assert len(paths) > 100
    for path in paths:
        if path in {("format",)} or (isinstance(path[-1], tuple) and len(path) == 1):
            continue  # the header and the top-level keys are refused as not a project
        text = json.dumps(_with_surrogate(data, path), indent=1)  # escaped: "\ud800"
        message = refusal(text, tmp_path)
        assert "not valid Unicode" in message, (path, message)
        named = [str(p[1] if isinstance(p, tuple) else p) for p in path]
        assert named[0] in message, (path, message)


def test_a_surrogate_pair_is_a_character_and_loads(tmp_path):
    data = example()
    data["placements"][0]["label"] = "GPU \U0001f680"
    text = json.dumps(data)  # ensure_ascii: written as the pair "\ud83d\ude80"
    assert "\\ud83d\\ude80" in text
    project = loads(text.encode(), tmp_path / "ok.rackplan.json", RACKS).project
    assert project.placements[data["placements"][0]["id"]].label == "GPU \U0001f680"


def test_a_newline_in_an_id_does_not_break_the_paragraph(tmp_path):
    data = example()
    data["placements"][0]["id"] = "rk\n\x1b[31mred"
    message = refusal(json.dumps(data), tmp_path)
    assert "\x1b" not in message and "\\u001b" in message and "\\n" in message


@pytest.mark.parametrize("where", ["x", "schema_version"])
def test_a_long_wrong_value_is_shortened_in_the_message(tmp_path, where):
    data = example()
    if where == "x":
        data["placements"][0]["x"] = "9" * 100_000
    else:
        data["schema_version"] = "9" * 100_000
    message = refusal(json.dumps(data), tmp_path)
    assert len(message) < 1_000


def test_a_project_holding_a_lone_surrogate_is_not_saved_and_the_file_stays(tmp_path):
    """Text from outside a file (a paste) could still hold one: Save crashed encoding it."""
    from designer.core.io.project_file import save
    from designer.core.model import Obstacle, evolve

    target = tmp_path / "p.rackplan.json"
    target.write_bytes(EXAMPLE.read_bytes())
    project = load(target, RACKS).project
    hall = next(iter(project.halls))
    keepout = Obstacle(
        id="ob-1", hall_id=hall, kind="keepout", outline=[(0, 0), (600, 0), (600, 600)]
    )
    bad = evolve(project, obstacles={"ob-1": evolve(keepout, label="pasted \ud800")})
    with pytest.raises(ProjectFileError) as err:
        save(bad, target)
    assert "obstacles -> ob-1 -> label" in str(err.value) and "not valid Unicode" in str(err.value)
    assert target.read_bytes() == EXAMPLE.read_bytes()
