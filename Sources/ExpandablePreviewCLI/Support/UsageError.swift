import ExpandablePreviewEngine

/// A mistake in what the command line was asked (an unknown option, a missing operand, a flag's
/// value): a refusal, as the engine's own (`--only` naming no item, `--shard`, a render limit),
/// so both are the one ``EngineError``, printed as it is with exit status 2.
package typealias UsageError = EngineError
