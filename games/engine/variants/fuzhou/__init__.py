"""Fuzhou mahjong (福州麻将): gold wildcard, flowers, 16-tile hands (shared/rules/fuzhou.md)."""
