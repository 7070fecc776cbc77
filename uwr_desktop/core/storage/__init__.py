"""Storage: encounter files (``.uwr``), the autosave journal, the library and app folders."""
