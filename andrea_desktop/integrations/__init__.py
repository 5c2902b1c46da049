"""Integrations of :mod:`andrea_desktop.track` with training frameworks: :mod:`.hf` (Hugging Face
``Trainer``) and :mod:`.lightning` (PyTorch Lightning). Each module imports its framework, and says
how to install it when it is missing (:func:`missing_framework`)."""

__all__ = ["missing_framework"]


def missing_framework(module: str, framework: str, extra: str, requirements: str, exc: ImportError) -> ImportError:
    """The error an integration raises when its framework cannot be imported: what ``module``
    needs (``framework``), and how to install it — the app's ``extra``, or ``requirements`` with
    pip — with the original error (``exc``) at the end."""
    return ImportError(f"{module} needs {framework}: in the app's checkout run .venv/bin/pip install -e "
                       f"'.[{extra}]', or pip install {requirements} ({exc})")
