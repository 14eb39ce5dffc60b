"""Which fibre routes traffic between two sites takes, on small graphs worked by hand."""

from designer.core.jobs.paths import FibreRouting

#: A metro ring A - B - C - D - A, 40 km a route, and a spur D - E.
RING = [("r1", "A", "B", 40.0), ("r2", "B", "C", 40.0), ("r3", "C", "D", 40.0)]
RING += [("r4", "D", "A", 40.0), ("r5", "D", "E", 10.0)]


def test_opposite_corners_of_a_ring_go_through_the_lower_route_ids_on_a_tie():
    # A - B - C and A - D - C are both 80 km in 2 hops: (r1, r2) before (r4, r3)
    path = FibreRouting(RING).between("A", "C")
    assert path is not None
    assert path.sites == ("A", "B", "C") and path.via == ("B",)
    assert path.route_ids == ("r1", "r2")
    assert path.km == (80.0, 80.0)


def test_the_way_back_takes_the_same_routes():
    routing = FibreRouting(RING)
    there, back = routing.between("A", "C"), routing.between("C", "A")
    assert there is not None and back is not None
    assert back.sites == ("C", "B", "A") and back.route_ids == ("r2", "r1")


def test_the_shorter_way_round_wins_over_the_lower_ids():
    # A - B grown to 50 km: A - D - C (80 km) beats A - B - C (90 km)
    routing = FibreRouting([("r1", "A", "B", 50.0), *RING[1:]])
    path = routing.between("A", "C")
    assert path is not None and path.route_ids == ("r4", "r3")
    # B to E: B - A - D - E is 100 km, B - C - D - E 90 km
    path = routing.between("B", "E")
    assert path is not None and path.via == ("C", "D") and path.km == (90.0, 90.0)


def test_a_direct_route_is_kept_though_a_path_round_is_shorter():
    routing = FibreRouting([*RING, ("r6", "A", "C", 100.0)])
    path = routing.between("A", "C")
    assert path is not None and path.route_ids == ("r6",) and path.via == ()


def test_parallel_routes_make_one_hop_as_long_as_its_longest():
    # two routes A - B of 40 and 60 km: the hop is 60 km, so A - D - C (80) beats
    # A - B - C (100); between A and B both routes carry the traffic
    routing = FibreRouting([*RING, ("r0", "A", "B", 60.0)])
    direct = routing.between("A", "B")
    assert direct is not None and direct.route_ids == ("r0", "r1") and direct.km == (40, 60)
    path = routing.between("A", "C")
    assert path is not None and path.route_ids == ("r4", "r3")


def test_sites_no_path_joins_have_none():
    routing = FibreRouting([("r1", "A", "B", 40.0), ("r2", "C", "D", 40.0)])
    assert routing.between("A", "C") is None
    assert routing.between("A", "A") is None
    assert routing.between("A", "Z") is None
