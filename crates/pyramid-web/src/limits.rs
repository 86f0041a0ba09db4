//! What a client's bot spec may cost: [`bot_within_limits`] reads a seat's spec and keeps
//! it within the server's caps (each kind of bot knows its own:
//! [`pyramid_bots::BotKind::within_caps`]), giving the spec the seat plays with.

use crate::{ApiError, ServerConfig};

/// The spec a bot seat plays with, in canonical form: `spec` with its memory (`tt`,
/// `nodes`, `threads`) lowered to the server's caps, or a 400 when its time per move
/// (`ms`, `iters`, `depth`, `playout`) is beyond them, or it names an outside engine or
/// a learned file the server was not started with.
pub fn bot_within_limits(spec: &str, config: &ServerConfig) -> Result<String, ApiError> {
    let mut parsed = pyramid_runtime::parse_bot(spec)
        .map_err(|e| ApiError::bad_request(format!("seat `{spec}`: {e} (or `human`)")))?;
    parsed
        .within_caps(&config.bots)
        .map_err(|e| ApiError::bad_request(format!("seat `{spec}`: {e}")))?;
    Ok(parsed.to_string())
}

#[cfg(test)]
mod tests {
    use pyramid_bots::BotCaps;

    use super::*;

    /// A server offering `learned_files` by name.
    fn offering(learned_files: Vec<(String, std::path::PathBuf)>) -> ServerConfig {
        ServerConfig {
            bots: BotCaps {
                learned_files,
                ..BotCaps::default()
            },
            ..ServerConfig::default()
        }
    }

    #[test]
    fn memory_is_lowered_to_the_caps_and_time_beyond_them_refused() {
        let config = ServerConfig::default();
        let bits = config.bots.max_table_bits;
        let nodes = config.bots.max_tree_nodes;
        assert_eq!(
            bot_within_limits("ab:depth=1,tt=28", &config),
            Ok(format!("ab:depth=1,tt={bits}"))
        );
        assert_eq!(
            bot_within_limits("ab:depth=1", &config),
            Ok(format!("ab:depth=1,tt={bits}"))
        );
        assert_eq!(
            bot_within_limits("mcts:iters=100,nodes=99999999", &config),
            Ok(format!("mcts:iters=100,nodes={nodes}"))
        );
        assert_eq!(
            bot_within_limits("greedy", &config),
            Ok("greedy".to_owned())
        );
        for spec in [
            "ab:depth=4",
            "ab:ms=60000",
            "mcts:iters=1000000",
            "mcts:ms=5000",
            "mcts:iters=100,playout=0",
            "mcts:iters=100,playout=100000",
            "ismcts:iters=1000000",
            "ismcts:iters=100,playout=0",
        ] {
            let error = bot_within_limits(spec, &config).expect_err(spec);
            assert!(error.message.contains("longer than"), "{spec}: {error}");
        }
        let error = bot_within_limits("ext:sh -c true", &config).expect_err("an engine");
        assert!(
            error.message.contains("only the outside engines"),
            "{error}"
        );
    }

    #[test]
    fn ab_model_seats_the_operators_value_nets_by_name_within_the_caps() {
        let config = offering(vec![("mcv".to_owned(), "models/mcv.safetensors".into())]);
        let bits = config.bots.max_table_bits;
        assert_eq!(
            bot_within_limits("ab:model=mcv,ms=100", &config),
            Ok(format!("ab:model=models/mcv.safetensors,ms=100,tt={bits}"))
        );
        for spec in ["ab:model=/etc/passwd,ms=100", "ab:model=other,depth=1"] {
            let error = bot_within_limits(spec, &config).expect_err(spec);
            assert!(error.message.contains("only the models"), "{spec}: {error}");
        }
        for spec in ["ab:model=mcv,ms=60000", "ab:model=mcv,depth=9"] {
            let error = bot_within_limits(spec, &config).expect_err(spec);
            assert!(error.message.contains("longer than"), "{spec}: {error}");
        }
    }

    #[test]
    fn az_seats_only_the_operators_models_by_name() {
        let config = offering(vec![("mc".to_owned(), "models/mc.safetensors".into())]);
        assert_eq!(
            bot_within_limits("az:model=mc,iters=50,threads=8", &config),
            Ok("az:model=models/mc.safetensors,iters=50".to_owned())
        );
        // The canonical form the server shows is accepted back.
        assert!(bot_within_limits("az:model=models/mc.safetensors,iters=50", &config).is_ok());
        for spec in ["az:model=/etc/passwd,iters=5", "az:model=other,iters=5"] {
            let error = bot_within_limits(spec, &config).expect_err(spec);
            assert!(error.message.contains("only the models"), "{spec}: {error}");
        }
        let error = bot_within_limits("az:model=mc,iters=1000000", &config).expect_err("long");
        assert!(error.message.contains("longer than"), "{error}");
    }
}
