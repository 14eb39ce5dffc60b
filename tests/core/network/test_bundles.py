"""Bundles as columns: the nodes a table names, and the bundles at some of them."""

from designer.core.network.bundles import BundleTable, Row


def _table(*pairs: tuple[str, str]) -> BundleTable:
    return BundleTable.from_rows(
        [Row(a, b, "scale_out", 400, 100, 1, "ethernet", "node-leaf") for a, b in pairs]
    )


def test_a_table_names_each_node_once_in_the_order_met():
    table = _table(("r1", "leaf"), ("r2", "leaf"), ("leaf", "spine"))
    names, ends = table.ends
    assert names == ["r1", "r2", "leaf", "spine"]
    # ends a of every bundle, then ends b
    assert [names[i] for i in ends.tolist()] == ["r1", "r2", "leaf", "leaf", "leaf", "spine"]


def test_the_bundles_at_some_nodes_are_those_with_either_end_there():
    table = _table(("r1", "leaf"), ("r2", "leaf"), ("leaf", "spine"), ("r3", "r3"))
    assert table.rows_at({"spine"}).tolist() == [2]
    assert table.rows_at({"leaf"}).tolist() == [0, 1, 2]
    assert table.rows_at({"r1", "r3"}).tolist() == [0, 3]  # a bundle inside one rack once
    assert table.rows_at({"elsewhere"}).tolist() == []
