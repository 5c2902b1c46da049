"""Following a run on another machine: the framed messages both ends speak (:mod:`.protocol`),
the remote end that streams a run folder (:mod:`.serve`, ``andrea-follow --stdio``), the local
end that runs the transport and keeps the cursors (:mod:`.link`) and the SSH addressing
(:mod:`.ssh`). Nothing here imports Qt or torch (docs/design.md#runs-on-another-machine)."""
