"""The generators are provenance scripts, not tests: several write their JSON file when imported,
so pytest must never import them (e.g. under ``--doctest-modules``)."""

collect_ignore_glob = ["make_*.py"]
