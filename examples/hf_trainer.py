"""A Hugging Face Trainer that the ANDREA window watches and steers (AndreaCallback): a tiny GPT-2
built from a config and a byte-level BPE trained here, so nothing is downloaded.

    .venv/bin/pip install -e '.[hf]'
    .venv/bin/python examples/hf_trainer.py --steps 100      # then File > Open Run in the window
"""

import argparse
import json
import tempfile
from pathlib import Path

import torch
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainingArguments

from andrea_desktop.integrations.hf import AndreaCallback

p = argparse.ArgumentParser()
p.add_argument("--run-dir", default=None, help="default: a new run in the app's runs folder")
p.add_argument("--output-dir", default=None, help="the Trainer's checkpoints (default: a temporary folder)")
p.add_argument("--steps", type=int, default=100)
args = p.parse_args()
torch.manual_seed(0)
torch.set_num_threads(1)  # a model this small trains fastest on one thread

text = Path(json.__file__).read_text(encoding="utf-8")  # any text: here a standard-library module
tok = Tokenizer(models.BPE())
tok.pre_tokenizer, tok.decoder = pre_tokenizers.ByteLevel(add_prefix_space=False), decoders.ByteLevel()
tok.train_from_iterator(text.splitlines(), trainers.BpeTrainer(
    vocab_size=512, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False))
ids = torch.tensor(tok.encode(text).ids)
block = 32


class Blocks(torch.utils.data.Dataset):
    def __init__(self, ids):
        self.ids = ids

    def __len__(self):
        return (len(self.ids) - 1) // block

    def __getitem__(self, i):
        x = self.ids[i * block:(i + 1) * block]
        return {"input_ids": x, "labels": x}  # the model shifts the labels itself


cut = int(0.9 * len(ids))
model = GPT2LMHeadModel(GPT2Config(vocab_size=tok.get_vocab_size(), n_positions=block, n_embd=64, n_layer=2,
                                   n_head=4, bos_token_id=0, eos_token_id=0))
training = TrainingArguments(
    output_dir=args.output_dir or tempfile.mkdtemp(prefix="hf-trainer-"), max_steps=args.steps,
    per_device_train_batch_size=8, learning_rate=3e-3, logging_steps=5, eval_strategy="steps", eval_steps=25,
    save_strategy="no", report_to="none", use_cpu=True, disable_tqdm=True, log_level="error")
callback = AndreaCallback(args.run_dir, name="hf-gpt2", tokenizer=tok, probe_every=20)  # the one line your Trainer needs
trainer = Trainer(model=model, args=training, train_dataset=Blocks(ids[:cut]), eval_dataset=Blocks(ids[cut:]),
                  callbacks=[callback])
trainer.train()
print(f"run written to {callback.run.path}")  # noqa: T201
