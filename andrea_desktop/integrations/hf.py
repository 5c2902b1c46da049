"""A Hugging Face ``Trainer`` that the window watches and steers: :class:`AndreaCallback`.

::

    from andrea_desktop.integrations.hf import AndreaCallback

    trainer = Trainer(model=model, args=args, train_dataset=ds, callbacks=[AndreaCallback(name="my-gpt2")])
    trainer.train()

The callback writes the run folder through :mod:`andrea_desktop.track`: every ``on_log`` (each
``logging_steps``) becomes scalar rows at ``state.global_step`` (:data:`SCALAR_NAMES`:
``loss`` -> ``train/loss``, ``learning_rate`` -> ``train/lr``, ``grad_norm`` ->
``train/grad_norm``, ``eval_loss`` -> ``val/loss``; any other number as ``hf/<key>``). At each
step end it obeys the window: Pause blocks the loop until Resume; Stop sets
``control.should_training_stop`` (the Trainer ends the loop, saving as its ``save_strategy``
says); Ctrl+S sets ``control.should_save`` (the Trainer saves a checkpoint at this step, and
``on_save`` marks it with a ``checkpoint`` event). ``on_train_end`` finishes the run.

Needs ``transformers`` and ``accelerate`` (the ``hf`` extra: ``pip install -e '.[hf]'``).
"""

from __future__ import annotations

import math
import os
import warnings
from pathlib import Path
from typing import Any

try:
    from transformers import TrainerCallback
except ImportError as exc:  # pragma: no cover - the message is the point (tests/test_hf_callback.py)
    from . import missing_framework

    raise missing_framework(__name__, "Hugging Face transformers (and accelerate, which its Trainer uses)", "hf",
                            "'transformers>=4.45' 'accelerate>=1.0'", exc) from exc

from .. import track
from ..core.errors import quote
from ..core.metrics import TRAIN_GRAD_NORM, TRAIN_LOSS, TRAIN_LR, VAL_LOSS, EventKind
from ..core.track_input import check_name

__all__ = ["AndreaCallback", "SCALAR_NAMES", "scalar_rows"]

SCALAR_NAMES = {"loss": TRAIN_LOSS, "learning_rate": TRAIN_LR, "grad_norm": TRAIN_GRAD_NORM, "eval_loss": VAL_LOSS}
"""The Trainer's log keys and the store's scalar names they are written as; any other number of a
log is written as ``hf/<key>`` (``hf/epoch``, ``hf/eval_runtime``, ``hf/train_loss``: the mean
over the run, in the Trainer's last log)."""


def scalar_rows(logs: dict[str, Any]) -> dict[str, float]:
    """The scalar rows of one Trainer log: numbers only (text and lists are left out), named as
    :data:`SCALAR_NAMES` says; a key whose name the store refuses (over
    :data:`~andrea_desktop.track.MAX_SCALAR_NAME_CHARS` characters, control characters) is left
    out with a warning, once per name."""
    rows = {}
    for key, value in logs.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__"):
            continue
        try:
            number = float(value)
        except (TypeError, ValueError):
            continue
        name = SCALAR_NAMES.get(key, f"hf/{key}")
        try:
            rows[check_name(name)] = number
        except (TypeError, ValueError) as exc:  # a key of a custom log(): skipped, said once
            if name not in _SKIPPED:
                _SKIPPED.add(name)
                warnings.warn(f"AndreaCallback: the Trainer's log key {quote(key, 60)} is not stored ({exc})",
                              stacklevel=3)
    return rows


_SKIPPED: set[str] = set()


class AndreaCallback(TrainerCallback):
    """Writes the Trainer's logs into a run folder and obeys the window (module docstring).

    Parameters
    ----------
    run_dir, name, poll_ms
        As :func:`andrea_desktop.track.init` (None: a new folder in the app's runs folder, named
        ``name``).
    config
        Stored in the ``start`` event; None: the model's config and the ``TrainingArguments``
        (merged, the arguments' keys winning).
    run
        A run you made with :func:`~andrea_desktop.track.init` and finish yourself; the callback
        then makes none.
    tokenizer
        The tokenizer of the probes' labels (a Hugging Face tokenizer or a
        ``tokenizers.Tokenizer``); None: the Trainer's ``processing_class``, else token ids.
    probe_every
        Steps between probes of the model (:meth:`~andrea_desktop.track.Run.watch`: attention
        maps per layer x head, head roles, embedding neighbours), and one at the last step; None
        or 0: no probes.
    probe_text
        The probe's text; None: the app's.

    Notes
    -----
    The run starts at ``on_train_begin`` (so ``run`` is None before ``trainer.train()``) and is
    finished at ``on_train_end``; a training loop that raises leaves it to be finished at the
    interpreter's exit. Under ``torchrun`` rank 0 writes and reads the commands (other ranks
    write nothing, see :mod:`andrea_desktop.track`); its stop and save decisions are broadcast to
    every rank at each step end, and the other ranks wait in that broadcast while it is paused.
    """

    def __init__(self, run_dir: str | os.PathLike | None = None, name: str | None = None, config: Any = None, *,
                 run: track.Run | track.DisabledRun | None = None, poll_ms: int = 250, tokenizer: Any = None,
                 probe_every: int | None = 100, probe_text: str | None = None) -> None:
        self.run_dir, self.name, self.config, self.poll_ms = run_dir, name, config, poll_ms
        self.tokenizer, self.probe_every, self.probe_text = tokenizer, probe_every, probe_text
        self.run = run
        self._owned = run is None
        self._probed = False

    # ------------------------------------------------------------------ the Trainer's hooks
    def on_train_begin(self, args, state, control, model=None, **kwargs):
        if self.run is None or (self._owned and self.run.finished):
            config = self.config
            if config is None:
                config = {**_model_config(model), **_args_config(args)}
            params = None
            if model is not None and callable(getattr(model, "num_parameters", None)):
                params = int(model.num_parameters())
            self.run = track.init(self.run_dir, name=self.name, config=config,
                                  total_steps=int(state.max_steps) if state.max_steps and state.max_steps > 0 else None,
                                  params=params, device=str(getattr(args, "device", "")) or None,
                                  poll_ms=self.poll_ms)
            self._owned = True
        if self.probe_every and model is not None and not self.run.finished:
            tokenizer = self.tokenizer if self.tokenizer is not None else (
                kwargs.get("processing_class") or kwargs.get("tokenizer"))
            try:
                self._probed = self.run.watch(model, tokenizer, self.probe_text, int(self.probe_every))
            except (ValueError, TypeError) as exc:  # e.g. a tokenizer larger than the model's vocabulary
                warnings.warn(f"AndreaCallback: the model is not probed ({exc}); the scalars are still logged",
                              stacklevel=2)
        return control

    def on_log(self, args, state, control, logs=None, **kwargs):
        if self.run is not None and logs:
            self.run.log(scalar_rows(logs), step=max(int(state.global_step), self.run.step))
        return control

    def on_step_end(self, args, state, control, **kwargs):
        run = self.run
        if run is None:
            return control
        run.log({}, step=max(int(state.global_step), run.step))  # the step boundary events are logged at
        run.wait_if_paused()
        stop, save = _agree(args, run.should_stop(), run.should_checkpoint())
        if stop:
            control.should_training_stop = True
        if save:
            control.should_save = True
        return control

    def on_save(self, args, state, control, **kwargs):
        if self.run is not None and not self.run.finished:
            path = Path(args.output_dir) / f"checkpoint-{state.global_step}"
            self.run.event(EventKind.CHECKPOINT.value, {"reason": "trainer", "path": str(path.resolve()),
                                                        "marked": False})
        return control

    def on_train_end(self, args, state, control, **kwargs):
        if self.run is not None and not self.run.finished:
            if self._probed and 0 < state.global_step != self.run.last_probe:  # the trained model's last picture
                self.run.probe(max(int(state.global_step), self.run.step))
            if self._owned:
                self.run.finish()
        return control


def _agree(args, stop: bool, save: bool) -> tuple[bool, bool]:
    """Rank 0's stop and save decisions on every rank (a broadcast of two flags, under
    ``torch.distributed`` with more than one process; as they are otherwise). The other ranks
    wait in it while rank 0 is paused, so a pause holds them all."""
    import torch
    import torch.distributed as dist

    if not (dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1):
        return stop, save
    flags = torch.tensor([int(stop), int(save)], device=getattr(args, "device", None) or "cpu")
    dist.broadcast(flags, src=0)
    return bool(flags[0]), bool(flags[1])


def _model_config(model) -> dict:
    cfg = getattr(model, "config", None)
    to_dict = getattr(cfg, "to_dict", None)
    if not callable(to_dict):
        return {}
    return {k: v for k, v in to_dict().items() if _plain(v)}


def _args_config(args) -> dict:
    to_dict = getattr(args, "to_dict", None)
    if not callable(to_dict):
        return {}
    return {k: v for k, v in to_dict().items() if _plain(v) and not k.startswith("_") and not k.endswith("token")}


def _plain(value) -> bool:
    """A config value worth keeping: a finite number, a short text, a flag or None."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, (int, float)):
        return math.isfinite(value)
    return isinstance(value, str) and len(value) <= 1000
