//! Encumbrance and gravity: the load a figure carries against its strength (SK-14.2-T1 with the
//! G-25 bands, or the §13.1 reading SK-13.1-e), gravity's effect on that load (SK-17.9-b), and
//! how encumbrance penalties combine with armor's (SK-14.2-a, G-25).

use fireteam_scenario::Scenario;
use serde::Serialize;

/// Which encumbrance table the scenario uses (option `sk.encumbrance`, G-25).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EncumbranceModel {
    /// DEFAULT: the §14.2 table, with a 5–7 × STR band and a maximum lift of STR² kg.
    #[default]
    Section14_2,
    /// §13.1: nothing can be carried above 5 × STR (this reproduces SK-17.9-c's 1.72 g).
    Section13_1,
}

impl EncumbranceModel {
    /// The model for a value of the `sk.encumbrance` option (G-25).
    pub fn from_option(value: &str) -> Option<Self> {
        match value {
            "section_14_2" => Some(EncumbranceModel::Section14_2),
            "section_13_1" => Some(EncumbranceModel::Section13_1),
            _ => None,
        }
    }

    /// The scenario's model (G-25); the default when the option is absent.
    pub fn of_scenario(scenario: &Scenario) -> Self {
        scenario
            .option("sk.encumbrance")
            .and_then(|v| v.as_choice())
            .and_then(Self::from_option)
            .unwrap_or_default()
    }
}

/// Band names, for messages and for the engine to match on.
pub const BAND_NONE: &str = "0-2x STR";
pub const BAND_2_3: &str = "2-3x STR";
pub const BAND_3_4: &str = "3-4x STR";
pub const BAND_4_5: &str = "4-5x STR";
/// SK-14.2-T1: −1 STR (nonlethal, fatigue) every 2 minutes, at most 10 minutes.
pub const BAND_5_7: &str = "5-7x STR";
/// SK-14.2-T1: maximum lift; the figure moves 1 hex on a 4d6 eSTR check, otherwise not at all.
pub const BAND_MAX_LIFT: &str = "max lift";
/// More than the model allows at all: STR² kg (§14.2) or 5 × STR (§13.1).
pub const BAND_OVER: &str = "cannot carry";

/// What a load does to a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Load {
    /// MOV penalty (0 or negative). Not added to armor's: see [`combined_mov_penalty`].
    pub mov_penalty: i32,
    /// eDEX penalty (0 or negative); it adds to armor's (SK-14.2-a).
    pub dex_penalty: i32,
    /// The figure cannot move normally: maximum lift, or more than it can carry.
    pub immobile: bool,
    /// One of the `BAND_*` names.
    pub band: &'static str,
}

impl Load {
    /// SK-14.2-T1: the 5–7 × STR band tires the figure (−1 STR nonlethal every 2 minutes, at
    /// most 10 minutes).
    pub fn fatigue(&self) -> bool {
        self.band == BAND_5_7
    }

    /// False when the load is more than the model lets a figure carry at all.
    pub fn can_carry(&self) -> bool {
        self.band != BAND_OVER
    }
}

/// SK-14.2-b, SK-6.3.11-a: the STR used for carrying, with Weight Training's +2 (which gives no
/// hit points).
pub fn carrying_strength(strength: i32, weight_training: bool) -> i32 {
    strength + if weight_training { 2 } else { 0 }
}

/// SK-14.2-T1 with the G-25 band edges (L = load, S = STR + 2 with Weight Training, SK-14.2-b):
/// L ≤ 2S none; ≤ 3S −2 MOV; ≤ 4S −4 MOV −1 eDEX; ≤ 5S −6 MOV −2 eDEX; ≤ 7S −6 MOV, −2 eDEX
/// (G-25's INVENTED carry-over) and fatigue; ≤ S² maximum lift (immobile); more: cannot carry.
/// STR² caps every band (it is below 7S for S < 7). With [`EncumbranceModel::Section13_1`]
/// (SK-13.1-e) the table stops at 5S: anything more cannot be carried (SK-17.9-c).
pub fn encumbrance(
    load_kg: f64,
    strength: i32,
    weight_training: bool,
    model: EncumbranceModel,
) -> Load {
    let s = f64::from(carrying_strength(strength, weight_training).max(0));
    let band = |mov_penalty, dex_penalty, immobile, band| Load {
        mov_penalty,
        dex_penalty,
        immobile,
        band,
    };
    let over = band(-6, -2, true, BAND_OVER);
    if model == EncumbranceModel::Section13_1 {
        // SK-13.1-e: "from four to not more than five times".
        if load_kg > 5.0 * s {
            return over;
        }
    } else if load_kg > s * s {
        return over;
    }
    if load_kg <= 2.0 * s {
        band(0, 0, false, BAND_NONE)
    } else if load_kg <= 3.0 * s {
        band(-2, 0, false, BAND_2_3)
    } else if load_kg <= 4.0 * s {
        band(-4, -1, false, BAND_3_4)
    } else if load_kg <= 5.0 * s {
        band(-6, -2, false, BAND_4_5)
    } else if load_kg <= 7.0 * s {
        band(-6, -2, false, BAND_5_7)
    } else {
        band(-6, -2, true, BAND_MAX_LIFT)
    }
}

/// SK-17.9-b: the load that counts under gravity `g` (Earth = 1): carried × g + (g − 1) × 70 kg
/// (the figure's own 70 kg). It is negative in low gravity with a light load (E-12: 5.5 kg at
/// 0.7 g is −17.15 kg, not the book's −45).
pub fn effective_load(carried_kg: f64, gravity: f64) -> f64 {
    carried_kg * gravity + (gravity - 1.0) * 70.0
}

/// SK-14.2-a, SK-13.1-e, G-25: MOV penalties of armor, shielding and encumbrance do not add up;
/// the single largest penalty (the most negative number, "the lowest adjustment") applies.
pub fn combined_mov_penalty(armor: i32, encumbrance: i32) -> i32 {
    armor.min(encumbrance)
}

/// SK-14.2-a, SK-13.1-d: DEX penalties of armor and encumbrance add up.
pub fn combined_dex_penalty(armor: i32, encumbrance: i32) -> i32 {
    armor + encumbrance
}

#[cfg(test)]
mod tests {
    use super::*;

    const M14: EncumbranceModel = EncumbranceModel::Section14_2;
    const M13: EncumbranceModel = EncumbranceModel::Section13_1;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn e12_gravity_examples_sk_17_9_b() {
        // E-12: 5.5 kg at 0.7 g = 3.85 − 21 = −17.15 kg (the book's −45 is wrong, G-30).
        assert!(close(effective_load(5.5, 0.7), -17.15));
        // E-12: at 1.2 g "the same as carrying 20.6 kg" ✅.
        assert!(close(effective_load(5.5, 1.2), 20.6));
        // E-12 with §7's actual 2.5 kg: −19.25 and 17.0.
        assert!(close(effective_load(2.5, 0.7), -19.25));
        assert!(close(effective_load(2.5, 1.2), 17.0));
        // Earth gravity changes nothing.
        assert!(close(effective_load(12.0, 1.0), 12.0));
        // A negative load is no load.
        assert_eq!(encumbrance(-17.15, 11, false, M14).band, BAND_NONE);
    }

    #[test]
    fn e12_sk_17_9_c_1_72_g_incapacitates_str_10_only_under_section_13_1() {
        let load = effective_load(0.0, 1.72);
        assert!(close(load, 50.4));
        let l13 = encumbrance(load, 10, false, M13);
        assert!(!l13.can_carry() && l13.immobile, "50.4 kg > 5 × STR 10");
        // G-25: under the §14.2 table it is only the 5–7× band.
        let l14 = encumbrance(load, 10, false, M14);
        assert_eq!(l14.band, BAND_5_7);
        assert!(l14.fatigue() && !l14.immobile);
        assert_eq!((l14.mov_penalty, l14.dex_penalty), (-6, -2));
        // Maximum lift (STR² = 100 kg) needs g ≈ 2.43 (G-25).
        assert_eq!(
            encumbrance(effective_load(0.0, 2.4), 10, false, M14).band,
            BAND_MAX_LIFT
        );
        assert_eq!(
            encumbrance(effective_load(0.0, 2.43), 10, false, M14).band,
            BAND_OVER
        );
    }

    #[test]
    fn sk_14_2_t1_band_edges_g_25() {
        // STR 10: edges at 20, 30, 40, 50, 70 and 100 kg; each edge belongs to the lower band.
        let cases: &[(f64, i32, i32, bool, &str)] = &[
            (0.0, 0, 0, false, BAND_NONE),
            (20.0, 0, 0, false, BAND_NONE),
            (20.01, -2, 0, false, BAND_2_3),
            (30.0, -2, 0, false, BAND_2_3),
            (30.5, -4, -1, false, BAND_3_4),
            (40.0, -4, -1, false, BAND_3_4),
            (40.1, -6, -2, false, BAND_4_5),
            (50.0, -6, -2, false, BAND_4_5),
            (50.1, -6, -2, false, BAND_5_7),
            (70.0, -6, -2, false, BAND_5_7),
            (70.1, -6, -2, true, BAND_MAX_LIFT),
            (100.0, -6, -2, true, BAND_MAX_LIFT),
            (100.1, -6, -2, true, BAND_OVER),
        ];
        for &(kg, mov, dex, immobile, band) in cases {
            let l = encumbrance(kg, 10, false, M14);
            assert_eq!(
                (l.mov_penalty, l.dex_penalty, l.immobile, l.band),
                (mov, dex, immobile, band),
                "{kg} kg"
            );
        }
        // SK-13.1-e: the same bands up to 5 × STR, then nothing.
        assert_eq!(encumbrance(50.0, 10, false, M13).band, BAND_4_5);
        assert_eq!(encumbrance(50.1, 10, false, M13).band, BAND_OVER);
    }

    #[test]
    fn sk_14_2_b_weight_training_adds_two_str_for_carrying() {
        assert_eq!(carrying_strength(10, true), 12);
        // 24 kg: over 2 × 10, within 2 × 12.
        assert_eq!(encumbrance(24.0, 10, false, M14).band, BAND_2_3);
        assert_eq!(encumbrance(24.0, 10, true, M14).band, BAND_NONE);
    }

    #[test]
    fn g_25_str_squared_caps_the_bands_below_str_7() {
        // STR 6: 7S = 42 but S² = 36; 36 kg is 5–7×, 37 kg cannot be carried.
        assert_eq!(encumbrance(36.0, 6, false, M14).band, BAND_5_7);
        assert_eq!(encumbrance(37.0, 6, false, M14).band, BAND_OVER);
        // STR 4: S² = 16 is below 5S = 20: 17 kg cannot be lifted at all.
        assert_eq!(encumbrance(17.0, 4, false, M14).band, BAND_OVER);
    }

    #[test]
    fn g_25_mov_penalties_take_the_largest_dex_penalties_add() {
        assert_eq!(combined_mov_penalty(-1, -4), -4);
        assert_eq!(combined_mov_penalty(-2, 0), -2);
        assert_eq!(combined_mov_penalty(0, 0), 0);
        assert_eq!(combined_dex_penalty(-2, -1), -3);
    }

    #[test]
    fn the_option_values_name_the_models() {
        assert_eq!(EncumbranceModel::from_option("section_14_2"), Some(M14));
        assert_eq!(EncumbranceModel::from_option("section_13_1"), Some(M13));
        assert_eq!(EncumbranceModel::from_option("x"), None);
        // Every choice of the schema's option is understood.
        let spec = crate::schema::OPTIONS
            .iter()
            .find(|o| o.name == "sk.encumbrance")
            .unwrap();
        if let fireteam_scenario::OptionKind::Choice { choices, .. } = spec.kind {
            for c in choices {
                assert!(EncumbranceModel::from_option(c).is_some(), "{c}");
            }
        }
    }
}
