"""Pure rating maths: tier boundaries for every seed table, golden OpenSkill updates."""

from __future__ import annotations

import pytest

from ratings import calc

SPEC_LENGTHS = {"sichuan": 18, "shaanxi": 17, "wuhan": 15, "fuzhou": 18, "yiwu": 15}


def _boundaries():
    for variant, table in calc.SEED_TIERS.items():
        for i in range(1, len(table)):
            threshold = table[i][1]
            yield pytest.param(variant, threshold - 1, i - 1, id=f"{variant}-{i}-below")
            yield pytest.param(variant, threshold, i, id=f"{variant}-{i}-at")
            yield pytest.param(variant, threshold + 1, i, id=f"{variant}-{i}-above")
        floor = table[0][1]
        for p in (floor - 1, floor, floor + 1, 0, -1, -10_000):
            yield pytest.param(variant, p, 0, id=f"{variant}-floor-{p}")


@pytest.mark.parametrize(("variant", "points", "index"), list(_boundaries()))
def test_it_maps_points_to_the_tier_at_every_threshold(variant, points, index) -> None:
    assert calc.tier_index(points, calc.SEED_TIERS[variant]) == index


@pytest.mark.parametrize(("variant", "length"), SPEC_LENGTHS.items())
def test_it_has_the_spec_number_of_tiers(variant, length) -> None:
    table = calc.SEED_TIERS[variant]
    assert len(table) == length
    assert [t for _, t in table] == sorted(t for _, t in table)
    assert len({name for name, _ in table}) == length


@pytest.mark.parametrize(
    ("variant", "points", "name"),
    [
        # sichuan.md §14's own examples
        ("sichuan", 99, "初品益都红"),
        ("sichuan", 150, "初品益都红"),
        ("sichuan", 200, "良品益都红"),
        ("sichuan", 2299, "良品大红袍"),
        ("sichuan", 250_000, "上品指天椒"),
        ("sichuan", -500, "初品益都红"),
        # shaanxi.md §11 / wuhan.md §9
        ("shaanxi", 99, "白板"),
        ("shaanxi", -40, "白板"),
        ("shaanxi", 100_000, "西风"),
        ("shaanxi", 2_000_000, "雀神"),
        ("wuhan", 1_000, "鸟蛋"),
        ("wuhan", 1_999, "鸟蛋"),
        ("wuhan", 2_000, "幼鸟"),
        ("wuhan", 200_000_000, "超级九头鸟"),
    ],
)
def test_it_follows_the_spec_examples(variant, points, name) -> None:
    assert calc.tier_name(points, calc.SEED_TIERS[variant]) == name


def test_the_engine_tables_agree_with_ours() -> None:
    from games.engine.variants.shaanxi import rank_for as shaanxi_rank
    from games.engine.variants.wuhan import rank_for as wuhan_rank

    for p in (-1, 0, 99, 100, 999, 1_000, 1_999, 2_000, 79_999, 80_000, 2_000_000, 10**9):
        assert calc.tier_name(p, calc.SHAANXI_TIERS) == shaanxi_rank(p)
        assert calc.tier_name(p, calc.WUHAN_TIERS) == wuhan_rank(p)


@pytest.mark.parametrize(
    ("points", "ranks"),
    [([18, -6, -6, -6], [1, 2, 2, 2]), ([6, 0, 0, -6], [1, 2, 2, 4]), ([0, 0, 0, 0], [1, 1, 1, 1])],
)
def test_it_ranks_seats_by_points(points, ranks) -> None:
    assert calc.ranks_from_points(points) == ranks


GOLDEN = [
    # (prior skills, points, expected (mu, sigma) per seat) - computed once with openskill 6.2
    # Plackett-Luce (mu 25, sigma 25/3, beta 25/6, tau 25/300) and pinned here.
    (
        [(25.0, 25 / 3)] * 4,
        [18, -6, -6, -6],
        [
            (27.795252672501135, 8.263571791259416),
            (24.06824910916629, 8.17961798837266),
            (24.06824910916629, 8.17961798837266),
            (24.06824910916629, 8.17961798837266),
        ],
    ),
    (
        [(25.0, 25 / 3)] * 4,
        [6, 0, 0, -6],
        [
            (27.795252672501135, 8.263571791259416),
            (24.689416369722096, 8.17961798837266),
            (24.689416369722096, 8.17961798837266),
            (22.825914588054673, 8.17961798837266),
        ],
    ),
]


@pytest.mark.parametrize(("prior", "points", "expected"), GOLDEN)
def test_it_updates_ratings_to_the_golden_numbers(prior, points, expected) -> None:
    after = calc.rate_hand([calc.Skill(mu, sigma) for mu, sigma in prior], points)
    got = [x for s in after for x in (s.mu, s.sigma)]
    assert got == pytest.approx([x for pair in expected for x in pair], abs=1e-12)


def test_it_rates_from_uneven_priors_to_the_golden_numbers() -> None:
    prior = [calc.Skill(30.0, 5.0), calc.Skill(), calc.Skill(20.0, 7.0), calc.Skill()]
    after = calc.rate_hand(prior, [-8, 16, -4, -4])
    assert [(round(s.mu, 9), round(s.sigma, 9)) for s in after] == GOLDEN_UNEVEN
    assert [s.display for s in after] == GOLDEN_UNEVEN_DISPLAY


def test_it_refuses_a_hand_without_enough_seats() -> None:
    with pytest.raises(ValueError):
        calc.rate_hand([calc.Skill()], [0])


def test_a_new_player_shows_1500() -> None:
    assert calc.Skill().display == 1500 and calc.Skill().ordinal == 0.0


GOLDEN_UNEVEN = [
    (28.861249007, 4.96984041),
    (28.122381551, 8.239308663),
    (20.227469397, 6.916155691),
    (24.717889647, 8.125974755),
]
GOLDEN_UNEVEN_DISPLAY = [1779, 1568, 1490, 1507]
