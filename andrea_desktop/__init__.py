"""ANDREA Desktop: train a small GPT-style language model and watch it learn, live."""

__version__ = "0.1.0"
