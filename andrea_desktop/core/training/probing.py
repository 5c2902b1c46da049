"""Looking inside the model while it trains: probes (attention maps, head statistics, watched
tokens' neighbours) and generated samples.

Both draw from their own generators (seeded from the run's seed), so probing never changes the
training numbers, and both generators are part of a checkpoint
(:mod:`~andrea_desktop.core.training.state`), so a resumed run probes and samples as the
uninterrupted one would. Probe files belong to :mod:`andrea_desktop.core.rundir.probes`.
"""

from __future__ import annotations

import logging
from pathlib import Path

import torch
from tokenizers import Tokenizer

from ..analysis import EmbeddingIndex, generate, model_attention
from ..config import Config
from ..metrics import AnomalyKind, EventKind
from ..model import GPT
from ..model_probes import RoleSequence, make_probe, watch_token
from ..repetition import measure_repetition
from ..rundir.probes import write_probe
from ..tokens import decode_text, token_labels, vocab_labels
from .events import RunLog

__all__ = ["Prober", "watch_token"]

log = logging.getLogger(__name__)


class Prober:
    """Probes and samples of one run's model (rank 0).

    Parameters
    ----------
    run_dir
        Where ``probes/`` is written.
    model, tokenizer
        The run's model and tokenizer.
    seed
        The run's seed: the probe and sample generators derive from it.
    device
        The model's device (the sample generator lives there).
    log
        Where samples and ``repetition`` anomalies are logged, and probes announced.

    Attributes
    ----------
    probe_gen, sample_gen
        The generators (CPU; ``device``), saved in checkpoints (``probe_gen`` draws nothing now:
        the head roles' sequence is fixed per run, :attr:`roles`; it stays in the checkpoint's
        format).
    roles
        The repeated random-token sequence the heads' roles are read from
        (:class:`~andrea_desktop.core.model_probes.RoleSequence`: seeded from the run's seed,
        the end-of-text token first).
    """

    def __init__(self, run_dir: Path, model: GPT, tokenizer: Tokenizer, seed: int, device: torch.device,
                 log: RunLog) -> None:
        self.run_dir = run_dir
        self.model = model
        self.tokenizer = tokenizer
        self.log = log
        self.probe_gen = torch.Generator().manual_seed((seed * 7919 + 1) % 2**63)
        self.sample_gen = torch.Generator(device=device).manual_seed((seed * 104729 + 2) % 2**63)
        self._vocab: tuple[str, ...] | None = None
        self._unwatchable: set[str] = set()
        self.roles = RoleSequence(seed, model.cfg.vocab_size, model.cfg.block_size,
                                  tokenizer.token_to_id("<|endoftext|>"))

    def probe(self, step: int, cfg: Config) -> dict:
        """Capture attention maps, head statistics and watched neighbour sets now.

        Saved as ``probes/<step>.npz`` (:func:`~andrea_desktop.core.rundir.probes.write_probe`)
        and handed to the log's observer (``on_probe``).

        Returns
        -------
        ``step``, ``tokens`` (T,) ids, ``token_text`` (T,) str (each token's label,
        :func:`~andrea_desktop.core.tokens.token_labels`), ``attention`` (L, H, T, T)
        float16, ``entropy``, ``previous_token``, ``sink``, ``induction`` (L, H) float32,
        ``roles`` (L, H) str, ``role_names`` (R,), ``role_scores`` (R, L, H),
        ``role_baselines`` and ``role_thresholds`` (R,) (:mod:`~andrea_desktop.core.head_roles`:
        read from one extra forward pass of a repeated random-token sequence), ``watch`` (W,) str (the watched tokens' text,
        :func:`watch_token`), ``watch_ids`` (W,) int, ``neighbours`` (W, k) int (cosine),
        ``text`` (the T tokens decoded as a whole), ``source_text`` (the probe text asked for;
        longer than ``text`` when it was cut to the context length or ``probe.max_tokens``),
        ``text_tokens`` (its length in tokens), and,
        not saved in the probe file, ``embedding`` (V, d_model) float32 and ``vocab`` (V,) str.
        The newest embedding is also kept as ``probes/embedding.npz``.
        """
        pc = cfg.probe
        tok = self.tokenizer
        all_ids = tok.encode(pc.text).ids
        ids = all_ids[: min(pc.max_tokens, cfg.model.block_size)] or [0]
        idx = torch.tensor(ids, dtype=torch.long)
        maps = model_attention(self.model, idx)
        roles = self.roles.measure(self.model)  # one forward of [first, r, r], no gradients, eval mode
        E = self.model.wte.weight.detach().float().cpu().numpy()  # (V, d_model), a copy
        watch = []
        for word in pc.watch:
            tid = watch_token(tok, word)
            if tid is None:
                if word not in self._unwatchable:
                    log.warning("probe.watch: %r is not one token of this vocabulary; not watched", word)
                    self._unwatchable.add(word)
                continue
            watch.append((self.vocab(cfg.model.vocab_size)[tid], tid))
        probe = make_probe(step, ids, token_labels(tok, ids), decode_text(tok, ids), pc.text, len(all_ids), maps,
                           roles, EmbeddingIndex(E), watch, pc.neighbours)
        # the newest embedding matrix only (a reopened run's embedding panel); every probe
        # keeps the watched tokens' neighbour sets, which is what stability is measured on
        vocab = self.vocab(cfg.model.vocab_size)
        write_probe(self.run_dir, probe, E, vocab)
        out = probe.arrays()
        out["embedding"] = E
        out["vocab"] = vocab
        self.log.probe(step, out)
        return out

    def vocab(self, vocab_size: int) -> tuple[str, ...]:
        """Every token id's text, (vocab_size,) (computed once): byte fragments as ``\\xNN``
        (:func:`~andrea_desktop.core.tokens.vocab_labels`)."""
        if self._vocab is None:
            self._vocab = vocab_labels(self.tokenizer, vocab_size)
        return self._vocab

    def sample(self, step: int, cfg: Config) -> str:
        """Generate a sample from ``probe.sample_prompt``; log it, and flag a degenerate one.

        Returns
        -------
        The generated text (prompt excluded). A repetitive one (its repetition score >=
        ``probe.repetition_threshold``, :func:`~andrea_desktop.core.repetition.measure_repetition`) is
        also an ``anomaly`` event of kind repetition, with the score's numbers in its payload.
        """
        pc = cfg.probe
        tok = self.tokenizer
        prompt_ids = tok.encode(pc.sample_prompt).ids or [tok.token_to_id("<|endoftext|>") or 0]
        ids = generate(self.model, torch.tensor(prompt_ids), pc.sample_tokens, self.sample_gen,
                       pc.temperature, pc.top_k or None)
        text = tok.decode(ids[len(prompt_ids):].tolist())
        self.log.sample(step, pc.sample_prompt, text)
        rep = measure_repetition(text, pc.repetition_threshold)
        if rep.flagged:
            self.log.event(step, EventKind.ANOMALY, {
                "kind": AnomalyKind.REPETITION.value, **rep.payload(), "text": text[:200],
                "message": f"the sample at step {step} repeats itself (repetition score {rep.score:.2f})",
            })
        return text
