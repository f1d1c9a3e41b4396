"""Yiwu mahjong (义乌麻将): 财神 wildcard, 白板 stand-in, 飘财, 承包, 买子/下子 (shared/rules/yiwu.md)."""
