"""Names of MCR fans and riichi yaku: our stable keys, our own (translatable) English names,
the Chinese name of each MCR fan, and the name each library gives it (used only to look our
key up, never shown)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.i18n import gettext_noop as _


@dataclass(frozen=True)
class Fan:
    key: str
    label: str
    chinese: str
    points: int
    library: str


@dataclass(frozen=True)
class Yaku:
    key: str
    label: str
    library: str


FLOWER = "flower_tiles"

MCR_FANS: tuple[Fan, ...] = (
    Fan("big_four_winds", _("Big Four Winds"), "大四喜", 88, "Big Four Winds"),
    Fan("big_three_dragons", _("Big Three Dragons"), "大三元", 88, "Big Three Dragons"),
    Fan("all_green", _("All Green"), "绿一色", 88, "All Green"),
    Fan("nine_gates", _("Nine Gates"), "九莲宝灯", 88, "Nine Gates"),
    Fan("four_kongs", _("Four Kongs"), "四杠", 88, "Four Kongs"),
    Fan("seven_shifted_pairs", _("Seven Shifted Pairs"), "连七对", 88, "Seven Shifted Pairs"),
    Fan("thirteen_orphans", _("Thirteen Orphans"), "十三幺", 88, "Thirteen Orphans"),
    Fan("all_terminals", _("All Terminals"), "清幺九", 64, "All Terminals"),
    Fan("little_four_winds", _("Little Four Winds"), "小四喜", 64, "Little Four Winds"),
    Fan("little_three_dragons", _("Little Three Dragons"), "小三元", 64, "Little Three Dragons"),
    Fan("all_honors", _("All Honors"), "字一色", 64, "All Honors"),
    Fan("four_concealed_pungs", _("Four Concealed Pungs"), "四暗刻", 64, "Four Concealed Pungs"),
    Fan("pure_terminal_chows", _("Pure Terminal Chows"), "一色双龙会", 64, "Pure Terminal Chows"),
    Fan("quadruple_chow", _("Quadruple Chow"), "一色四同顺", 48, "Quadruple Chow"),
    Fan(
        "four_pure_shifted_pungs",
        _("Four Pure Shifted Pungs"),
        "一色四节高",
        48,
        "Four Pure Shifted Pungs",
    ),
    Fan(
        "four_pure_shifted_chows",
        _("Four Pure Shifted Chows"),
        "一色四步高",
        32,
        "Four Pure Shifted Chows",
    ),
    Fan("three_kongs", _("Three Kongs"), "三杠", 32, "Three Kongs"),
    Fan(
        "all_terminals_and_honors",
        _("All Terminals and Honors"),
        "混幺九",
        32,
        "All Terminals and Honors",
    ),
    Fan("seven_pairs", _("Seven Pairs"), "七对", 24, "Seven Pairs"),
    Fan(
        "greater_honors_and_knitted_tiles",
        _("Greater Honors and Knitted Tiles"),
        "七星不靠",
        24,
        "Greater Honors and Knitted Tiles",
    ),
    Fan("all_even_pungs", _("All Even Pungs"), "全双刻", 24, "All Even Pungs"),
    Fan("full_flush", _("Full Flush"), "清一色", 24, "Full Flush"),
    Fan("pure_triple_chow", _("Pure Triple Chow"), "一色三同顺", 24, "Pure Triple Chow"),
    Fan("pure_shifted_pungs", _("Pure Shifted Pungs"), "一色三节高", 24, "Pure Shifted Pungs"),
    Fan("upper_tiles", _("Upper Tiles"), "全大", 24, "Upper Tiles"),
    Fan("middle_tiles", _("Middle Tiles"), "全中", 24, "Middle Tiles"),
    Fan("lower_tiles", _("Lower Tiles"), "全小", 24, "Lower Tiles"),
    Fan("pure_straight", _("Pure Straight"), "清龙", 16, "Pure Straight"),
    Fan(
        "three_suited_terminal_chows",
        _("Three-Suited Terminal Chows"),
        "三色双龙会",
        16,
        "Three-Suited Terminal Chows",
    ),
    Fan("pure_shifted_chows", _("Pure Shifted Chows"), "一色三步高", 16, "Pure Shifted Chows"),
    Fan("all_five", _("All Five"), "全带五", 16, "All Five"),
    Fan("triple_pung", _("Triple Pung"), "三同刻", 16, "Triple Pung"),
    Fan("three_concealed_pungs", _("Three Concealed Pungs"), "三暗刻", 16, "Three Concealed Pungs"),
    Fan(
        "lesser_honors_and_knitted_tiles",
        _("Lesser Honors and Knitted Tiles"),
        "全不靠",
        12,
        "Lesser Honors and Knitted Tiles",
    ),
    Fan("knitted_straight", _("Knitted Straight"), "组合龙", 12, "Knitted Straight"),
    Fan("upper_four", _("Upper Four"), "大于五", 12, "Upper Four"),
    Fan("lower_four", _("Lower Four"), "小于五", 12, "Lower Four"),
    Fan("big_three_winds", _("Big Three Winds"), "三风刻", 12, "Big Three Winds"),
    Fan("mixed_straight", _("Mixed Straight"), "花龙", 8, "Mixed Straight"),
    Fan("reversible_tiles", _("Reversible Tiles"), "推不倒", 8, "Reversible Tiles"),
    Fan("mixed_triple_chow", _("Mixed Triple Chow"), "三色三同顺", 8, "Mixed Triple Chow"),
    Fan("mixed_shifted_pungs", _("Mixed Shifted Pungs"), "三色三节高", 8, "Mixed Shifted Pungs"),
    Fan("chicken_hand", _("Chicken Hand"), "无番和", 8, "Chicken Hand"),
    Fan("last_tile_draw", _("Last Tile Draw"), "妙手回春", 8, "Last Tile Draw"),
    Fan("last_tile_claim", _("Last Tile Claim"), "海底捞月", 8, "Last Tile Claim"),
    Fan(
        "out_with_replacement_tile",
        _("Out with Replacement Tile"),
        "杠上开花",
        8,
        "Out with Replacement Tile",
    ),
    Fan("robbing_the_kong", _("Robbing the Kong"), "抢杠和", 8, "Robbing The Kong"),
    Fan("all_pungs", _("All Pungs"), "碰碰和", 6, "All Pungs"),
    Fan("half_flush", _("Half Flush"), "混一色", 6, "Half Flush"),
    Fan("mixed_shifted_chows", _("Mixed Shifted Chows"), "三色三步高", 6, "Mixed Shifted Chows"),
    Fan("all_types", _("All Types"), "五门齐", 6, "All Types"),
    Fan("melded_hand", _("Melded Hand"), "全求人", 6, "Melded Hand"),
    Fan("two_concealed_kongs", _("Two Concealed Kongs"), "双暗杠", 6, "Two Concealed Kongs"),
    Fan("two_dragon_pungs", _("Two Dragon Pungs"), "双箭刻", 6, "Two Dragons Pungs"),
    Fan("outside_hand", _("Outside Hand"), "全带幺", 4, "Outside Hand"),
    Fan("fully_concealed_hand", _("Fully Concealed Hand"), "不求人", 4, "Fully Concealed Hand"),
    Fan("two_melded_kongs", _("Two Melded Kongs"), "双明杠", 4, "Two Melded Kongs"),
    Fan("last_tile", _("Last Tile"), "和绝张", 4, "Last Tile"),
    Fan("dragon_pung", _("Dragon Pung"), "箭刻", 2, "Dragon Pung"),
    Fan("prevalent_wind", _("Prevalent Wind"), "圈风刻", 2, "Prevalent Wind"),
    Fan("seat_wind", _("Seat Wind"), "门风刻", 2, "Seat Wind"),
    Fan("concealed_hand", _("Concealed Hand"), "门前清", 2, "Concealed Hand"),
    Fan("all_chows", _("All Chows"), "平和", 2, "All Chows"),
    Fan("tile_hog", _("Tile Hog"), "四归一", 2, "Tile Hog"),
    Fan("double_pung", _("Double Pung"), "双同刻", 2, "Double Pung"),
    Fan("two_concealed_pungs", _("Two Concealed Pungs"), "双暗刻", 2, "Two Concealed Pungs"),
    Fan("concealed_kong", _("Concealed Kong"), "暗杠", 2, "Concealed Kong"),
    Fan("all_simples", _("All Simples"), "断幺", 2, "All Simples"),
    Fan("pure_double_chow", _("Pure Double Chow"), "一般高", 1, "Pure Double Chow"),
    Fan("mixed_double_chow", _("Mixed Double Chow"), "喜相逢", 1, "Mixed Double Chow"),
    Fan("short_straight", _("Short Straight"), "连六", 1, "Short Straight"),
    Fan("two_terminal_chows", _("Two Terminal Chows"), "老少副", 1, "Two Terminal Chows"),
    Fan(
        "pung_of_terminals_or_honors",
        _("Pung of Terminals or Honors"),
        "幺九刻",
        1,
        "Pung of Terminals or Honors",
    ),
    Fan("melded_kong", _("Melded Kong"), "明杠", 1, "Melded Kong"),
    Fan("one_voided_suit", _("One Voided Suit"), "缺一门", 1, "One Voided Suit"),
    Fan("no_honors", _("No Honors"), "无字", 1, "No Honors"),
    Fan("edge_wait", _("Edge Wait"), "边张", 1, "Edge Wait"),
    Fan("closed_wait", _("Closed Wait"), "嵌张", 1, "Closed Wait"),
    Fan("single_wait", _("Single Wait"), "单钓将", 1, "Single Wait"),
    Fan("self_drawn", _("Self-Drawn"), "自摸", 1, "Self-Drawn"),
    Fan("flower_tiles", _("Flower Tiles"), "花牌", 1, "Flower Tiles"),
)

RIICHI_YAKU: tuple[Yaku, ...] = (
    Yaku("tsumo", _("Menzen tsumo (concealed self-draw)"), "Menzen Tsumo"),
    Yaku("riichi", _("Riichi"), "Riichi"),
    Yaku("ippatsu", _("Ippatsu (one-shot)"), "Ippatsu"),
    Yaku("chankan", _("Chankan (robbing a kong)"), "Chankan"),
    Yaku("rinshan", _("Rinshan kaihou (win on a kong replacement)"), "Rinshan Kaihou"),
    Yaku("haitei", _("Haitei (last tile drawn)"), "Haitei Raoyue"),
    Yaku("houtei", _("Houtei (last discard)"), "Houtei Raoyui"),
    Yaku("double_riichi", _("Double riichi"), "Double Riichi"),
    Yaku("pinfu", _("Pinfu (all sequences, no fu)"), "Pinfu"),
    Yaku("tanyao", _("Tanyao (all simples)"), "Tanyao"),
    Yaku("iipeiko", _("Iipeikou (two identical sequences)"), "Iipeiko"),
    Yaku("haku", _("Yakuhai: white dragon"), "Yakuhai (haku)"),
    Yaku("hatsu", _("Yakuhai: green dragon"), "Yakuhai (hatsu)"),
    Yaku("chun", _("Yakuhai: red dragon"), "Yakuhai (chun)"),
    Yaku("seat_wind_east", _("Yakuhai: seat wind East"), "Yakuhai (seat wind east)"),
    Yaku("seat_wind_south", _("Yakuhai: seat wind South"), "Yakuhai (seat wind south)"),
    Yaku("seat_wind_west", _("Yakuhai: seat wind West"), "Yakuhai (seat wind west)"),
    Yaku("seat_wind_north", _("Yakuhai: seat wind North"), "Yakuhai (seat wind north)"),
    Yaku("round_wind_east", _("Yakuhai: round wind East"), "Yakuhai (round wind east)"),
    Yaku("round_wind_south", _("Yakuhai: round wind South"), "Yakuhai (round wind south)"),
    Yaku("round_wind_west", _("Yakuhai: round wind West"), "Yakuhai (round wind west)"),
    Yaku("round_wind_north", _("Yakuhai: round wind North"), "Yakuhai (round wind north)"),
    Yaku("sanshoku", _("Sanshoku doujun (three-colour straight)"), "Sanshoku Doujun"),
    Yaku("ittsu", _("Ittsu (pure straight)"), "Ittsu"),
    Yaku("chanta", _("Chanta (terminal or honour in each set)"), "Chantai"),
    Yaku("honroutou", _("Honroutou (all terminals and honours)"), "Honroutou"),
    Yaku("toitoi", _("Toitoi (all pungs)"), "Toitoi"),
    Yaku("sanankou", _("San ankou (three concealed pungs)"), "San Ankou"),
    Yaku("sankantsu", _("San kantsu (three kongs)"), "San Kantsu"),
    Yaku("sanshoku_doukou", _("Sanshoku doukou (three-colour pungs)"), "Sanshoku Doukou"),
    Yaku("chiitoitsu", _("Chiitoitsu (seven pairs)"), "Chiitoitsu"),
    Yaku("shousangen", _("Shousangen (little three dragons)"), "Shou Sangen"),
    Yaku("honitsu", _("Honitsu (half flush)"), "Honitsu"),
    Yaku("junchan", _("Junchan (terminal in each set)"), "Junchan"),
    Yaku("ryanpeikou", _("Ryanpeikou (twice two identical sequences)"), "Ryanpeikou"),
    Yaku("chinitsu", _("Chinitsu (full flush)"), "Chinitsu"),
    Yaku("kokushi", _("Kokushi musou (thirteen orphans)"), "Kokushi Musou"),
    Yaku("chuuren", _("Chuuren poutou (nine gates)"), "Chuuren Poutou"),
    Yaku("suuankou", _("Suuankou (four concealed pungs)"), "Suu Ankou"),
    Yaku("daisangen", _("Daisangen (big three dragons)"), "Daisangen"),
    Yaku("shousuushii", _("Shousuushii (little four winds)"), "Shousuushii"),
    Yaku("ryuuiisou", _("Ryuuiisou (all green)"), "Ryuuiisou"),
    Yaku("suukantsu", _("Suukantsu (four kongs)"), "Suu Kantsu"),
    Yaku("tsuuiisou", _("Tsuuiisou (all honours)"), "Tsuu Iisou"),
    Yaku("chinroutou", _("Chinroutou (all terminals)"), "Chinroutou"),
    Yaku("daisuushii", _("Daisuushii (big four winds)"), "Dai Suushii"),
    Yaku("kokushi_13", _("Kokushi musou, 13-sided wait"), "Kokushi Musou Juusanmen Matchi"),
    Yaku("suuankou_tanki", _("Suuankou, single wait"), "Suu Ankou Tanki"),
    Yaku("junsei_chuuren", _("Junsei chuuren poutou (pure nine gates)"), "Daburu Chuuren Poutou"),
    Yaku("tenhou", _("Tenhou (dealer wins on the first draw)"), "Tenhou"),
    Yaku("chiihou", _("Chiihou (win on the first draw)"), "Chiihou"),
    Yaku("dora", _("Dora"), "Dora"),
    Yaku("aka_dora", _("Red fives (aka dora)"), "Aka Dora"),
    Yaku("ura_dora", _("Ura dora"), "Ura Dora"),
)

MCR_BY_LIBRARY = {fan.library: fan for fan in MCR_FANS}
MCR_BY_KEY = {fan.key: fan for fan in MCR_FANS}
YAKU_BY_LIBRARY = {yaku.library: yaku for yaku in RIICHI_YAKU}
YAKU_BY_KEY = {yaku.key: yaku for yaku in RIICHI_YAKU}


def label(family: str, key: str) -> str:
    """The English name of a fan or yaku key (translated at the edge); the key if unknown."""
    if family == "mcr":
        fan = MCR_BY_KEY.get(key)
        return fan.label if fan else key
    yaku = YAKU_BY_KEY.get(key)
    return yaku.label if yaku else key


def chinese(key: str) -> str:
    fan = MCR_BY_KEY.get(key)
    return fan.chinese if fan else ""
