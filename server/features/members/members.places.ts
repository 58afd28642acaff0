/**
 * Regions and cities of the spec's countries (§2 'Language choices by country'), used by the
 * demo seed and by the search form's region list (`members.regions`). §3: "regions are named
 * per country: province, state, canton, voivodeship, region" — `regionKind` says which.
 * A curated list, not a gazetteer: members may live anywhere, search filters by exact name.
 */
export type RegionKind = "province" | "state" | "canton" | "voivodeship" | "region";

export interface CountryPlaces {
  regionKind: RegionKind;
  /** Region name → a few of its cities (the first is the largest). */
  regions: Readonly<Record<string, readonly string[]>>;
}

export const PLACES: Readonly<Record<string, CountryPlaces>> = {
  US: {
    regionKind: "state",
    regions: {
      California: ["Los Angeles", "San Francisco", "San Diego", "Sacramento"],
      "New York": ["New York City", "Buffalo", "Rochester", "Albany"],
      Texas: ["Houston", "Austin", "Dallas", "San Antonio"],
      Florida: ["Miami", "Orlando", "Tampa", "Jacksonville"],
      Illinois: ["Chicago", "Springfield", "Naperville"],
      Washington: ["Seattle", "Spokane", "Tacoma"],
      Massachusetts: ["Boston", "Cambridge", "Worcester"],
      Colorado: ["Denver", "Boulder", "Colorado Springs"],
    },
  },
  NL: {
    regionKind: "province",
    regions: {
      "Noord-Holland": ["Amsterdam", "Haarlem", "Alkmaar", "Hilversum"],
      "Zuid-Holland": ["Rotterdam", "Den Haag", "Leiden", "Delft"],
      Utrecht: ["Utrecht", "Amersfoort", "Zeist"],
      "Noord-Brabant": ["Eindhoven", "Tilburg", "Breda", "'s-Hertogenbosch"],
      Gelderland: ["Arnhem", "Nijmegen", "Apeldoorn"],
      Groningen: ["Groningen", "Delfzijl"],
      Overijssel: ["Zwolle", "Enschede", "Deventer"],
      Limburg: ["Maastricht", "Venlo", "Heerlen"],
    },
  },
  BE: {
    regionKind: "province",
    regions: {
      Antwerpen: ["Antwerpen", "Mechelen", "Turnhout"],
      "Oost-Vlaanderen": ["Gent", "Aalst", "Sint-Niklaas"],
      "West-Vlaanderen": ["Brugge", "Kortrijk", "Oostende"],
      "Vlaams-Brabant": ["Leuven", "Vilvoorde"],
      Brussel: ["Brussel"],
      Liège: ["Liège", "Verviers", "Seraing"],
      Hainaut: ["Charleroi", "Mons", "Tournai"],
      Namur: ["Namur", "Dinant"],
    },
  },
  FR: {
    regionKind: "region",
    regions: {
      "Île-de-France": ["Paris", "Versailles", "Saint-Denis", "Boulogne-Billancourt"],
      "Auvergne-Rhône-Alpes": ["Lyon", "Grenoble", "Clermont-Ferrand", "Annecy"],
      "Provence-Alpes-Côte d'Azur": ["Marseille", "Nice", "Toulon", "Aix-en-Provence"],
      Occitanie: ["Toulouse", "Montpellier", "Nîmes"],
      "Nouvelle-Aquitaine": ["Bordeaux", "Limoges", "La Rochelle"],
      "Hauts-de-France": ["Lille", "Amiens", "Roubaix"],
      Bretagne: ["Rennes", "Brest", "Quimper"],
      "Grand Est": ["Strasbourg", "Reims", "Metz", "Nancy"],
    },
  },
  IT: {
    regionKind: "region",
    regions: {
      Lombardia: ["Milano", "Bergamo", "Brescia", "Como"],
      Lazio: ["Roma", "Latina", "Viterbo"],
      Campania: ["Napoli", "Salerno", "Caserta"],
      Sicilia: ["Palermo", "Catania", "Messina"],
      Piemonte: ["Torino", "Novara", "Asti"],
      Toscana: ["Firenze", "Pisa", "Siena", "Livorno"],
      "Emilia-Romagna": ["Bologna", "Parma", "Modena", "Rimini"],
      Veneto: ["Venezia", "Verona", "Padova"],
    },
  },
  ES: {
    regionKind: "region",
    regions: {
      "Comunidad de Madrid": ["Madrid", "Alcalá de Henares", "Getafe"],
      Cataluña: ["Barcelona", "Girona", "Tarragona", "Lleida"],
      Andalucía: ["Sevilla", "Málaga", "Granada", "Córdoba"],
      "Comunidad Valenciana": ["Valencia", "Alicante", "Castellón de la Plana"],
      "País Vasco": ["Bilbao", "San Sebastián", "Vitoria-Gasteiz"],
      Galicia: ["A Coruña", "Vigo", "Santiago de Compostela"],
      "Islas Baleares": ["Palma", "Ibiza"],
      Aragón: ["Zaragoza", "Huesca"],
    },
  },
  DE: {
    regionKind: "state",
    regions: {
      Berlin: ["Berlin"],
      Bayern: ["München", "Nürnberg", "Augsburg", "Regensburg"],
      "Nordrhein-Westfalen": ["Köln", "Düsseldorf", "Dortmund", "Essen", "Münster"],
      Hamburg: ["Hamburg"],
      Hessen: ["Frankfurt am Main", "Wiesbaden", "Kassel", "Darmstadt"],
      "Baden-Württemberg": ["Stuttgart", "Karlsruhe", "Freiburg im Breisgau", "Heidelberg"],
      Niedersachsen: ["Hannover", "Braunschweig", "Oldenburg", "Osnabrück"],
      Sachsen: ["Leipzig", "Dresden", "Chemnitz"],
    },
  },
  AT: {
    regionKind: "state",
    regions: {
      Wien: ["Wien"],
      Steiermark: ["Graz", "Leoben"],
      Oberösterreich: ["Linz", "Wels", "Steyr"],
      Salzburg: ["Salzburg", "Hallein"],
      Tirol: ["Innsbruck", "Kufstein"],
      Kärnten: ["Klagenfurt", "Villach"],
      Niederösterreich: ["St. Pölten", "Wiener Neustadt"],
      Vorarlberg: ["Bregenz", "Dornbirn"],
    },
  },
  IE: {
    regionKind: "province",
    regions: {
      Leinster: ["Dublin", "Kilkenny", "Wexford", "Drogheda"],
      Munster: ["Cork", "Limerick", "Waterford", "Killarney"],
      Connacht: ["Galway", "Sligo", "Castlebar"],
      Ulster: ["Letterkenny", "Monaghan", "Cavan"],
    },
  },
  GB: {
    regionKind: "region",
    regions: {
      "Greater London": ["London", "Croydon", "Richmond"],
      "North West England": ["Manchester", "Liverpool", "Preston"],
      "West Midlands": ["Birmingham", "Coventry", "Wolverhampton"],
      "Yorkshire and the Humber": ["Leeds", "Sheffield", "York", "Hull"],
      "South West England": ["Bristol", "Bath", "Plymouth", "Exeter"],
      Scotland: ["Edinburgh", "Glasgow", "Aberdeen", "Dundee"],
      Wales: ["Cardiff", "Swansea", "Newport"],
      "Northern Ireland": ["Belfast", "Derry"],
    },
  },
  CA: {
    regionKind: "province",
    regions: {
      Ontario: ["Toronto", "Ottawa", "Hamilton", "London"],
      Quebec: ["Montréal", "Québec", "Laval", "Gatineau"],
      "British Columbia": ["Vancouver", "Victoria", "Kelowna"],
      Alberta: ["Calgary", "Edmonton", "Red Deer"],
      Manitoba: ["Winnipeg", "Brandon"],
      "Nova Scotia": ["Halifax", "Sydney"],
    },
  },
  PL: {
    regionKind: "voivodeship",
    regions: {
      Mazowieckie: ["Warszawa", "Radom", "Płock"],
      Małopolskie: ["Kraków", "Tarnów", "Nowy Sącz"],
      Śląskie: ["Katowice", "Gliwice", "Częstochowa"],
      Wielkopolskie: ["Poznań", "Kalisz", "Konin"],
      Dolnośląskie: ["Wrocław", "Wałbrzych", "Legnica"],
      Pomorskie: ["Gdańsk", "Gdynia", "Sopot"],
      Łódzkie: ["Łódź", "Piotrków Trybunalski"],
      Lubelskie: ["Lublin", "Zamość"],
    },
  },
  AU: {
    regionKind: "state",
    regions: {
      "New South Wales": ["Sydney", "Newcastle", "Wollongong"],
      Victoria: ["Melbourne", "Geelong", "Ballarat"],
      Queensland: ["Brisbane", "Gold Coast", "Cairns"],
      "Western Australia": ["Perth", "Fremantle"],
      "South Australia": ["Adelaide", "Mount Gambier"],
      Tasmania: ["Hobart", "Launceston"],
    },
  },
  NZ: {
    regionKind: "region",
    regions: {
      Auckland: ["Auckland", "Manukau"],
      Wellington: ["Wellington", "Lower Hutt"],
      Canterbury: ["Christchurch", "Timaru"],
      Waikato: ["Hamilton", "Taupō"],
      Otago: ["Dunedin", "Queenstown"],
      "Bay of Plenty": ["Tauranga", "Rotorua"],
    },
  },
  CH: {
    regionKind: "canton",
    regions: {
      Zürich: ["Zürich", "Winterthur", "Uster"],
      Bern: ["Bern", "Biel/Bienne", "Thun"],
      Genève: ["Genève", "Carouge"],
      Vaud: ["Lausanne", "Montreux", "Yverdon-les-Bains"],
      "Basel-Stadt": ["Basel"],
      Ticino: ["Lugano", "Bellinzona", "Locarno"],
      Luzern: ["Luzern", "Emmen"],
      "St. Gallen": ["St. Gallen", "Rapperswil-Jona"],
    },
  },
};

/** The regions of a country, sorted by name; empty for an unknown country. */
export function regionsOf(country: string): { regionKind: RegionKind; regions: string[] } {
  const places = PLACES[country];
  if (!places) return { regionKind: "region", regions: [] };
  return { regionKind: places.regionKind, regions: Object.keys(places.regions).sort((a, b) => a.localeCompare(b)) };
}
