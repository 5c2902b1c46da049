"""Hugging Face ``transformers`` GPT-2 folders: the layout (:mod:`.gpt2`), a run's checkpoint
exported as one (:mod:`.export`), and a new run started from one (:mod:`.init_from`).

Nothing here downloads anything, and nothing imports ``transformers``: the folders are plain
JSON and safetensors files."""
