//! What a client's bot spec may cost: [`bot_within_limits`] checks a seat's spec against
//! the server's caps and gives the spec the seat plays with.

use pyramid_bots::{AbBudget, BotSpec, Budget, IsmctsConfig, MctsConfig};
use pyramid_runtime::pyramid_learn::{AbModelKind, AbModelSpec, AzBudget, AzKind, AzSpec};

use crate::{ApiError, ServerConfig};

/// The spec a bot seat plays with, in canonical form: `spec` with its memory (`tt`,
/// `nodes`) lowered to the server's caps, or a 400 when its time per move (`ms`,
/// `iters`, `depth`, `playout`) is beyond them or it is an outside engine the server was
/// not started with.
pub fn bot_within_limits(spec: &str, config: &ServerConfig) -> Result<String, ApiError> {
    let mut parsed = pyramid_runtime::parse_bot(spec)
        .map_err(|e| ApiError::bad_request(format!("seat `{spec}`: {e} (or `human`)")))?;
    let too_long = || too_long(spec, config);
    let budget_ok = |budget: &Budget| match *budget {
        Budget::Time(t) => t <= config.max_bot_time,
        Budget::Iterations(n) => n <= config.max_bot_iterations,
    };
    let playout_ok = |plies: u32| (1..=config.max_playout).contains(&plies);
    match &mut parsed {
        BotSpec::External(_) => {
            if !config.engines.contains(&parsed.to_string()) {
                return Err(ApiError::bad_request(format!(
                    "seat `{spec}`: this server runs only the outside engines it was started with ({})",
                    if config.engines.is_empty() {
                        "none".to_owned()
                    } else {
                        config.engines.join(", ")
                    }
                )));
            }
        }
        BotSpec::Mcts(MctsConfig {
            budget,
            playout_limit,
            max_nodes,
            ..
        }) => {
            if !budget_ok(budget) || !playout_ok(*playout_limit) {
                return Err(too_long());
            }
            *max_nodes = (*max_nodes).min(config.max_tree_nodes);
        }
        BotSpec::Ismcts(IsmctsConfig {
            budget,
            playout_limit,
            ..
        }) => {
            if !budget_ok(budget) || !playout_ok(*playout_limit) {
                return Err(too_long());
            }
        }
        // A fixed depth has no time bound: only shallow ones.
        BotSpec::AlphaBeta(ab) => {
            let within = match ab.budget {
                AbBudget::Time(t) => t <= config.max_bot_time,
                AbBudget::Depth(d) => d <= config.max_ab_depth,
            };
            if !within {
                return Err(too_long());
            }
            ab.table_bits = ab.table_bits.min(config.max_table_bits);
        }
        // Only the operator's learned files, by name; one search thread each.
        BotSpec::Added(added) => {
            if let Some(az) = added.get_mut::<AzKind>() {
                az_within_limits(az, spec, config)?;
            } else if let Some(ab) = added.get_mut::<AbModelKind>() {
                ab_model_within_limits(ab, spec, config)?;
            } else {
                return Err(ApiError::bad_request(format!(
                    "seat `{spec}`: this server does not seat `{}` bots",
                    added.name()
                )));
            }
        }
        BotSpec::Random | BotSpec::Greedy => {}
    }
    Ok(parsed.to_string())
}

/// The refusal of a bot that would think longer than the caps.
fn too_long(spec: &str, config: &ServerConfig) -> ApiError {
    ApiError::bad_request(format!(
        "bot `{spec}` thinks longer than this server allows (ms at most {}, iters at most {}, ab depth at most {}, playout 1 to {})",
        config.max_bot_time.as_millis(),
        config.max_bot_iterations,
        config.max_ab_depth,
        config.max_playout
    ))
}

/// The file of the learned file a seat names (`model=NAME`, or the file itself as the
/// server shows it back): only the operator's, by name.
fn operators_file(
    named: &std::path::Path,
    spec: &str,
    config: &ServerConfig,
) -> Result<std::path::PathBuf, ApiError> {
    let name = named.to_string_lossy();
    config
        .models
        .iter()
        .find(|(given, file)| *given == name || file == named)
        .map(|(_, file)| file.clone())
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "seat `{spec}`: this server plays only the models it was started with ({})",
                if config.models.is_empty() {
                    "none".to_owned()
                } else {
                    config
                        .models
                        .iter()
                        .map(|(name, _)| name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ))
        })
}

/// An `ab:model=` seat within the limits: a learned file the operator named (its file
/// put in), the caps of `ab` (time or depth, table size).
fn ab_model_within_limits(
    ab: &mut AbModelSpec,
    spec: &str,
    config: &ServerConfig,
) -> Result<(), ApiError> {
    ab.model = operators_file(&ab.model, spec, config)?;
    let within = match ab.config.budget {
        AbBudget::Time(t) => t <= config.max_bot_time,
        AbBudget::Depth(d) => d <= config.max_ab_depth,
    };
    if !within {
        return Err(too_long(spec, config));
    }
    ab.config.table_bits = ab.config.table_bits.min(config.max_table_bits);
    Ok(())
}

/// An `az:` seat within the limits: a model the operator named (its file put in), the
/// time caps of `mcts`, one search thread.
fn az_within_limits(az: &mut AzSpec, spec: &str, config: &ServerConfig) -> Result<(), ApiError> {
    az.model = operators_file(&az.model, spec, config)?;
    let within = match az.config.budget {
        AzBudget::Time(t) => t <= config.max_bot_time,
        AzBudget::Iterations(n) => n <= config.max_bot_iterations,
    };
    if !within {
        return Err(too_long(spec, config));
    }
    az.config.threads = 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_lowered_to_the_caps_and_time_beyond_them_refused() {
        let config = ServerConfig::default();
        let bits = config.max_table_bits;
        let nodes = config.max_tree_nodes;
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
        assert!(bot_within_limits("ext:sh -c true", &config).is_err());
    }

    #[test]
    fn ab_model_seats_the_operators_value_nets_by_name_within_the_caps() {
        let config = ServerConfig {
            models: vec![("mcv".to_owned(), "models/mcv.safetensors".into())],
            ..ServerConfig::default()
        };
        let bits = config.max_table_bits;
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
        let config = ServerConfig {
            models: vec![("mc".to_owned(), "models/mc.safetensors".into())],
            ..ServerConfig::default()
        };
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
