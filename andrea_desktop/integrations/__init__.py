"""Integrations of :mod:`andrea_desktop.track` with training frameworks: :mod:`.hf` (Hugging Face
``Trainer``). Each module imports its framework, and says how to install it when it is missing."""
