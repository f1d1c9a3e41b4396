"""The live-table runtime: services (one writer per table), selectors, locks, notifications."""
