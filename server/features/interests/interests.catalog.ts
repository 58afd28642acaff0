import type { Locale } from "../../constants.js";
import { INTEREST_KEYS, type InterestKey } from "../members/members.interests.js";

/**
 * §3 interests in the seven interface languages (§1), for /api/interests.php. The keys are
 * those stored in profiles.interests (members.interests.ts); the typed record makes a key
 * without a translation, or a language missing, a compile error.
 * (The React app translates the same keys through Lingui.)
 */
type Names = Readonly<Record<Locale, string>>;
const n = (en: string, de: string, es: string, fr: string, it: string, nl: string, pl: string): Names => ({
  en,
  de,
  es,
  fr,
  it,
  nl,
  pl,
});

export const INTEREST_NAMES: Readonly<Record<InterestKey, Names>> = {
  relationship: n("Relationship", "Beziehung", "Relación", "Relation sérieuse", "Relazione", "Relatie", "Związek"),
  friendship: n("Friendship", "Freundschaft", "Amistad", "Amitié", "Amicizia", "Vriendschap", "Przyjaźń"),
  flirting: n("Flirting", "Flirten", "Coqueteo", "Flirt", "Flirt", "Flirten", "Flirt"),
  kissing: n("Kissing", "Küssen", "Besos", "Bisous", "Baci", "Zoenen", "Całowanie"),
  cuddling: n("Cuddling", "Kuscheln", "Mimos", "Câlins", "Coccole", "Knuffelen", "Przytulanie"),
  romance: n("Romance", "Romantik", "Romance", "Romance", "Romanticismo", "Romantiek", "Romantyczność"),
  casual_dating: n(
    "Casual dating",
    "Unverbindliche Dates",
    "Citas informales",
    "Rencontres sans engagement",
    "Incontri senza impegno",
    "Vrijblijvend daten",
    "Luźne randki",
  ),
  intimacy: n("Intimacy", "Intimität", "Intimidad", "Intimité", "Intimità", "Intimiteit", "Intymność"),
  dancing: n("Dancing", "Tanzen", "Bailar", "Danse", "Ballare", "Dansen", "Taniec"),
  travelling: n("Travelling", "Reisen", "Viajar", "Voyages", "Viaggiare", "Reizen", "Podróże"),
  music: n("Music", "Musik", "Música", "Musique", "Musica", "Muziek", "Muzyka"),
  concerts: n("Concerts", "Konzerte", "Conciertos", "Concerts", "Concerti", "Concerten", "Koncerty"),
  cooking: n("Cooking", "Kochen", "Cocinar", "Cuisine", "Cucinare", "Koken", "Gotowanie"),
  dining_out: n(
    "Dining out",
    "Essen gehen",
    "Salir a cenar",
    "Restaurants",
    "Cene fuori",
    "Uit eten",
    "Wyjścia do restauracji",
  ),
  wine: n("Wine", "Wein", "Vino", "Vin", "Vino", "Wijn", "Wino"),
  coffee: n("Coffee", "Kaffee", "Café", "Café", "Caffè", "Koffie", "Kawa"),
  baking: n("Baking", "Backen", "Repostería", "Pâtisserie", "Pasticceria", "Bakken", "Pieczenie"),
  movies: n("Movies", "Filme", "Cine", "Cinéma", "Film", "Films", "Filmy"),
  series: n("TV series", "Serien", "Series", "Séries", "Serie TV", "Series", "Seriale"),
  theatre: n("Theatre", "Theater", "Teatro", "Théâtre", "Teatro", "Theater", "Teatr"),
  reading: n("Reading", "Lesen", "Lectura", "Lecture", "Lettura", "Lezen", "Czytanie"),
  writing: n("Writing", "Schreiben", "Escritura", "Écriture", "Scrittura", "Schrijven", "Pisanie"),
  photography: n("Photography", "Fotografie", "Fotografía", "Photographie", "Fotografia", "Fotografie", "Fotografia"),
  art: n("Art", "Kunst", "Arte", "Art", "Arte", "Kunst", "Sztuka"),
  museums: n("Museums", "Museen", "Museos", "Musées", "Musei", "Musea", "Muzea"),
  fashion: n("Fashion", "Mode", "Moda", "Mode", "Moda", "Mode", "Moda"),
  shopping: n("Shopping", "Shopping", "Compras", "Shopping", "Shopping", "Winkelen", "Zakupy"),
  gaming: n("Gaming", "Gaming", "Videojuegos", "Jeux vidéo", "Videogiochi", "Gamen", "Gry komputerowe"),
  technology: n("Technology", "Technik", "Tecnología", "Technologie", "Tecnologia", "Technologie", "Technologia"),
  sports: n("Sports", "Sport", "Deportes", "Sport", "Sport", "Sport", "Sport"),
  fitness: n("Fitness", "Fitness", "Fitness", "Fitness", "Fitness", "Fitness", "Fitness"),
  running: n("Running", "Laufen", "Correr", "Course à pied", "Corsa", "Hardlopen", "Bieganie"),
  cycling: n("Cycling", "Radfahren", "Ciclismo", "Vélo", "Ciclismo", "Fietsen", "Jazda na rowerze"),
  swimming: n("Swimming", "Schwimmen", "Natación", "Natation", "Nuoto", "Zwemmen", "Pływanie"),
  hiking: n("Hiking", "Wandern", "Senderismo", "Randonnée", "Escursionismo", "Wandelen", "Wędrówki"),
  yoga: n("Yoga", "Yoga", "Yoga", "Yoga", "Yoga", "Yoga", "Joga"),
  football: n("Football", "Fußball", "Fútbol", "Football", "Calcio", "Voetbal", "Piłka nożna"),
  tennis: n("Tennis", "Tennis", "Tenis", "Tennis", "Tennis", "Tennis", "Tenis"),
  skiing: n("Skiing", "Skifahren", "Esquí", "Ski", "Sci", "Skiën", "Narciarstwo"),
  surfing: n("Surfing", "Surfen", "Surf", "Surf", "Surf", "Surfen", "Surfing"),
  camping: n("Camping", "Camping", "Acampada", "Camping", "Campeggio", "Kamperen", "Biwakowanie"),
  nature: n("Nature", "Natur", "Naturaleza", "Nature", "Natura", "Natuur", "Przyroda"),
  gardening: n("Gardening", "Gärtnern", "Jardinería", "Jardinage", "Giardinaggio", "Tuinieren", "Ogrodnictwo"),
  animals: n("Animals", "Tiere", "Animales", "Animaux", "Animali", "Dieren", "Zwierzęta"),
  dogs: n("Dogs", "Hunde", "Perros", "Chiens", "Cani", "Honden", "Psy"),
  cats: n("Cats", "Katzen", "Gatos", "Chats", "Gatti", "Katten", "Koty"),
  beach: n("Beach", "Strand", "Playa", "Plage", "Spiaggia", "Strand", "Plaża"),
  festivals: n("Festivals", "Festivals", "Festivales", "Festivals", "Festival", "Festivals", "Festiwale"),
  volunteering: n(
    "Volunteering",
    "Ehrenamt",
    "Voluntariado",
    "Bénévolat",
    "Volontariato",
    "Vrijwilligerswerk",
    "Wolontariat",
  ),
  meditation: n("Meditation", "Meditation", "Meditación", "Méditation", "Meditazione", "Meditatie", "Medytacja"),
  languages: n("Languages", "Sprachen", "Idiomas", "Langues", "Lingue", "Talen", "Języki obce"),
  cars: n("Cars", "Autos", "Coches", "Voitures", "Auto", "Auto's", "Samochody"),
  motorbikes: n("Motorbikes", "Motorräder", "Motos", "Motos", "Moto", "Motoren", "Motocykle"),
  board_games: n(
    "Board games",
    "Brettspiele",
    "Juegos de mesa",
    "Jeux de société",
    "Giochi da tavolo",
    "Bordspellen",
    "Gry planszowe",
  ),
};

export interface Interest {
  /** Stable key, stored in profiles.interests. */
  id: InterestKey;
  /** The name in the asked language (en when none was asked). */
  name: string;
  /** The name in each of the seven languages. */
  names: Names;
}

/** §3, §7 /api/interests.php: every interest, in the list's order, named in `locale`. */
export function listInterestNames(locale: Locale): Interest[] {
  return INTEREST_KEYS.map((id) => ({ id, name: INTEREST_NAMES[id][locale], names: INTEREST_NAMES[id] }));
}
