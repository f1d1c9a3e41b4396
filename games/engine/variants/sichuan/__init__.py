"""Sichuan mahjong (四川麻将) and 血战到底: shared/rules/sichuan.md."""
