"""Shared fixtures for the platform tests."""
