import { LOCALES, type Locale } from '@playhouse/shared';
import type { DbOrTx } from './client';
import { sportCategories, sports, tournaments } from './schema/sports';

/*
 * The sports catalogue the in-house feed simulator plays: sports, countries, tournaments and their teams. The demo seed
 * and the simulator both write it (writeSportsCatalogue), so runtime code never imports the seed.
 */

type Localized = Record<Locale, string>;

/** A name written the same in every language (clubs, players, brands). */
const same = (name: string): Localized => Object.fromEntries(LOCALES.map((locale) => [locale, name])) as Localized;
const names = (en: string, de: string, es: string, pt: string, ru: string): Localized => ({ en, de, es, pt, ru });

export type SportKey = 'football' | 'tennis' | 'basketball' | 'ice_hockey' | 'volleyball' | 'table_tennis';

export interface CatalogueTournament {
  id: number;
  name: Localized;
  /** Clubs, national teams or players; a plain string reads the same in every language. */
  teams: (string | Localized)[];
  /** How often the simulator picks this tournament for a fixture, relative to its siblings. */
  weight: number;
}
export interface CatalogueCategory {
  id: number;
  name: Localized;
  tournaments: CatalogueTournament[];
}
export interface CatalogueSport {
  id: number;
  key: SportKey;
  name: Localized;
  position: number;
  categories: CatalogueCategory[];
}

const COUNTRY = {
  england: names('England', 'England', 'Inglaterra', 'Inglaterra', 'Англия'),
  germany: names('Germany', 'Deutschland', 'Alemania', 'Alemanha', 'Германия'),
  spain: names('Spain', 'Spanien', 'España', 'Espanha', 'Испания'),
  italy: names('Italy', 'Italien', 'Italia', 'Itália', 'Италия'),
  france: names('France', 'Frankreich', 'Francia', 'França', 'Франция'),
  portugal: names('Portugal', 'Portugal', 'Portugal', 'Portugal', 'Португалия'),
  brazil: names('Brazil', 'Brasilien', 'Brasil', 'Brasil', 'Бразилия'),
  usa: names('USA', 'USA', 'EE. UU.', 'EUA', 'США'),
  russia: names('Russia', 'Russland', 'Rusia', 'Rússia', 'Россия'),
  sweden: names('Sweden', 'Schweden', 'Suecia', 'Suécia', 'Швеция'),
  finland: names('Finland', 'Finnland', 'Finlandia', 'Finlândia', 'Финляндия'),
  poland: names('Poland', 'Polen', 'Polonia', 'Polónia', 'Польша'),
  czechia: names('Czechia', 'Tschechien', 'Chequia', 'Chéquia', 'Чехия'),
  europe: names('Europe', 'Europa', 'Europa', 'Europa', 'Европа'),
  international: names('International', 'International', 'Internacional', 'Internacional', 'Международные'),
};

const CLUB = {
  bayern: names('Bayern Munich', 'Bayern München', 'Bayern de Múnich', 'Bayern de Munique', 'Бавария'),
  dortmund: names(
    'Borussia Dortmund',
    'Borussia Dortmund',
    'Borussia Dortmund',
    'Borussia Dortmund',
    'Боруссия Дортмунд',
  ),
  realMadrid: names('Real Madrid', 'Real Madrid', 'Real Madrid', 'Real Madrid', 'Реал Мадрид'),
  barcelona: names('FC Barcelona', 'FC Barcelona', 'FC Barcelona', 'FC Barcelona', 'Барселона'),
  atletico: names('Atlético Madrid', 'Atlético Madrid', 'Atlético de Madrid', 'Atlético de Madrid', 'Атлетико Мадрид'),
  manCity: names('Manchester City', 'Manchester City', 'Manchester City', 'Manchester City', 'Манчестер Сити'),
  manUtd: names(
    'Manchester United',
    'Manchester United',
    'Manchester United',
    'Manchester United',
    'Манчестер Юнайтед',
  ),
  liverpool: names('Liverpool', 'FC Liverpool', 'Liverpool', 'Liverpool', 'Ливерпуль'),
  arsenal: names('Arsenal', 'FC Arsenal', 'Arsenal', 'Arsenal', 'Арсенал'),
  chelsea: names('Chelsea', 'FC Chelsea', 'Chelsea', 'Chelsea', 'Челси'),
  tottenham: names('Tottenham Hotspur', 'Tottenham Hotspur', 'Tottenham Hotspur', 'Tottenham Hotspur', 'Тоттенхэм'),
  juventus: names('Juventus', 'Juventus Turin', 'Juventus', 'Juventus', 'Ювентус'),
  inter: names('Inter', 'Inter Mailand', 'Inter de Milán', 'Inter de Milão', 'Интер'),
  milan: names('AC Milan', 'AC Mailand', 'AC Milan', 'AC Milan', 'Милан'),
  napoli: names('Napoli', 'SSC Neapel', 'Nápoles', 'Nápoles', 'Наполи'),
  roma: names('AS Roma', 'AS Rom', 'AS Roma', 'AS Roma', 'Рома'),
  psg: names('Paris Saint-Germain', 'Paris Saint-Germain', 'París Saint-Germain', 'Paris Saint-Germain', 'ПСЖ'),
  marseille: names(
    'Olympique de Marseille',
    'Olympique Marseille',
    'Olympique de Marsella',
    'Olympique de Marselha',
    'Марсель',
  ),
  benfica: names('Benfica', 'Benfica Lissabon', 'Benfica', 'Benfica', 'Бенфика'),
  porto: names('FC Porto', 'FC Porto', 'Oporto', 'FC Porto', 'Порту'),
  sporting: names('Sporting CP', 'Sporting Lissabon', 'Sporting de Portugal', 'Sporting CP', 'Спортинг'),
  leverkusen: names('Bayer Leverkusen', 'Bayer 04 Leverkusen', 'Bayer Leverkusen', 'Bayer Leverkusen', 'Байер'),
  cologne: names('1. FC Cologne', '1. FC Köln', 'Colonia', 'Colónia', 'Кёльн'),
  flamengo: names('Flamengo', 'Flamengo', 'Flamengo', 'Flamengo', 'Фламенго'),
  palmeiras: names('Palmeiras', 'Palmeiras', 'Palmeiras', 'Palmeiras', 'Палмейрас'),
};

const NATION = {
  poland: names('Poland', 'Polen', 'Polonia', 'Polónia', 'Польша'),
  usa: names('USA', 'USA', 'Estados Unidos', 'Estados Unidos', 'США'),
  italy: names('Italy', 'Italien', 'Italia', 'Itália', 'Италия'),
  brazil: names('Brazil', 'Brasilien', 'Brasil', 'Brasil', 'Бразилия'),
  france: names('France', 'Frankreich', 'Francia', 'França', 'Франция'),
  japan: names('Japan', 'Japan', 'Japón', 'Japão', 'Япония'),
  slovenia: names('Slovenia', 'Slowenien', 'Eslovenia', 'Eslovénia', 'Словения'),
  germany: names('Germany', 'Deutschland', 'Alemania', 'Alemanha', 'Германия'),
  serbia: names('Serbia', 'Serbien', 'Serbia', 'Sérvia', 'Сербия'),
  argentina: names('Argentina', 'Argentinien', 'Argentina', 'Argentina', 'Аргентина'),
  canada: names('Canada', 'Kanada', 'Canadá', 'Canadá', 'Канада'),
  cuba: names('Cuba', 'Kuba', 'Cuba', 'Cuba', 'Куба'),
};

const city = {
  madrid: names('Madrid', 'Madrid', 'Madrid', 'Madrid', 'Мадрид'),
  rome: names('Rome', 'Rom', 'Roma', 'Roma', 'Рим'),
};

const ATP_PLAYERS = [
  'Jannik Sinner',
  'Carlos Alcaraz',
  'Alexander Zverev',
  'Novak Djokovic',
  'Daniil Medvedev',
  'Taylor Fritz',
  'Casper Ruud',
  'Alex de Minaur',
  'Andrey Rublev',
  'Holger Rune',
  'Stefanos Tsitsipas',
  'Tommy Paul',
  'Grigor Dimitrov',
  'Ben Shelton',
  'Hubert Hurkacz',
  'Jack Draper',
];
const WTA_PLAYERS = [
  'Aryna Sabalenka',
  'Iga Swiatek',
  'Coco Gauff',
  'Elena Rybakina',
  'Jessica Pegula',
  'Jasmine Paolini',
  'Qinwen Zheng',
  'Emma Navarro',
  'Daria Kasatkina',
  'Barbora Krejcikova',
  'Danielle Collins',
  'Mirra Andreeva',
  'Madison Keys',
  'Paula Badosa',
  'Diana Shnaider',
  'Beatriz Haddad Maia',
];

/**
 * The book's catalogue: six sports with their countries, tournaments and teams. The seed writes the sports,
 * categories and tournaments; the feed simulator draws its fixtures from the teams.
 */
export const SPORTS_CATALOGUE: CatalogueSport[] = [
  {
    id: 1,
    key: 'football',
    name: names('Football', 'Fußball', 'Fútbol', 'Futebol', 'Футбол'),
    position: 0,
    categories: [
      {
        id: 101,
        name: COUNTRY.england,
        tournaments: [
          {
            id: 1001,
            name: names('Premier League', 'Premier League', 'Premier League', 'Premier League', 'Премьер-лига'),
            weight: 4,
            teams: [
              CLUB.arsenal,
              'Aston Villa',
              'Bournemouth',
              'Brentford',
              'Brighton & Hove Albion',
              CLUB.chelsea,
              'Crystal Palace',
              'Everton',
              'Fulham',
              CLUB.liverpool,
              CLUB.manCity,
              CLUB.manUtd,
              'Newcastle United',
              'Nottingham Forest',
              CLUB.tottenham,
              'West Ham United',
              'Wolverhampton Wanderers',
              'Leeds United',
            ],
          },
          {
            id: 1002,
            name: names('Championship', 'Championship', 'Championship', 'Championship', 'Чемпионшип'),
            weight: 2,
            teams: [
              'Leicester City',
              'Southampton',
              'Ipswich Town',
              'Sheffield United',
              'Middlesbrough',
              'Norwich City',
              'Coventry City',
              'West Bromwich Albion',
              'Watford',
              'Hull City',
              'Stoke City',
              'Derby County',
            ],
          },
        ],
      },
      {
        id: 102,
        name: COUNTRY.germany,
        tournaments: [
          {
            id: 1003,
            name: names('Bundesliga', 'Bundesliga', 'Bundesliga', 'Bundesliga', 'Бундеслига'),
            weight: 3,
            teams: [
              CLUB.bayern,
              CLUB.dortmund,
              CLUB.leverkusen,
              'RB Leipzig',
              'Eintracht Frankfurt',
              'VfB Stuttgart',
              'SC Freiburg',
              'VfL Wolfsburg',
              'Borussia Mönchengladbach',
              'Werder Bremen',
              '1. FC Union Berlin',
              'TSG Hoffenheim',
              '1. FSV Mainz 05',
              'FC Augsburg',
              CLUB.cologne,
              'Hamburger SV',
            ],
          },
        ],
      },
      {
        id: 103,
        name: COUNTRY.spain,
        tournaments: [
          {
            id: 1004,
            name: names('LaLiga', 'LaLiga', 'LaLiga', 'LaLiga', 'Ла Лига'),
            weight: 3,
            teams: [
              CLUB.realMadrid,
              CLUB.barcelona,
              CLUB.atletico,
              'Athletic Club',
              'Real Sociedad',
              'Real Betis',
              'Villarreal',
              'Valencia',
              'Sevilla',
              'Girona',
              'Celta Vigo',
              'Osasuna',
              'Getafe',
              'Rayo Vallecano',
              'Mallorca',
              'Espanyol',
            ],
          },
        ],
      },
      {
        id: 104,
        name: COUNTRY.italy,
        tournaments: [
          {
            id: 1005,
            name: names('Serie A', 'Serie A', 'Serie A', 'Serie A', 'Серия A'),
            weight: 3,
            teams: [
              CLUB.inter,
              CLUB.milan,
              CLUB.juventus,
              CLUB.napoli,
              CLUB.roma,
              'Lazio',
              'Atalanta',
              'Fiorentina',
              'Bologna',
              'Torino',
              'Udinese',
              'Genoa',
              'Como',
              'Cagliari',
              'Lecce',
              'Parma',
            ],
          },
        ],
      },
      {
        id: 105,
        name: COUNTRY.france,
        tournaments: [
          {
            id: 1006,
            name: names('Ligue 1', 'Ligue 1', 'Ligue 1', 'Ligue 1', 'Лига 1'),
            weight: 2,
            teams: [
              CLUB.psg,
              CLUB.marseille,
              'AS Monaco',
              'LOSC Lille',
              'OGC Nice',
              'Olympique Lyonnais',
              'RC Lens',
              'Stade Rennais',
              'Stade Brestois',
              'RC Strasbourg',
              'FC Nantes',
              'Toulouse FC',
            ],
          },
        ],
      },
      {
        id: 106,
        name: COUNTRY.portugal,
        tournaments: [
          {
            id: 1007,
            name: names('Primeira Liga', 'Primeira Liga', 'Primeira Liga', 'Primeira Liga', 'Примейра-лига'),
            weight: 1,
            teams: [
              CLUB.benfica,
              CLUB.porto,
              CLUB.sporting,
              'SC Braga',
              'Vitória SC',
              'Gil Vicente',
              'Famalicão',
              'Casa Pia',
              'Estoril Praia',
              'Rio Ave',
              'Moreirense',
              'Arouca',
            ],
          },
        ],
      },
      {
        id: 107,
        name: COUNTRY.brazil,
        tournaments: [
          {
            id: 1008,
            name: names('Série A', 'Série A', 'Serie A', 'Série A', 'Серия A'),
            weight: 2,
            teams: [
              CLUB.flamengo,
              CLUB.palmeiras,
              'São Paulo',
              'Corinthians',
              'Fluminense',
              'Botafogo',
              'Grêmio',
              'Internacional',
              'Atlético Mineiro',
              'Cruzeiro',
              'Santos',
              'Vasco da Gama',
              'Bahia',
              'Fortaleza',
            ],
          },
        ],
      },
      {
        id: 108,
        name: COUNTRY.europe,
        tournaments: [
          {
            id: 1009,
            name: names(
              'UEFA Champions League',
              'UEFA Champions League',
              'Liga de Campeones de la UEFA',
              'Liga dos Campeões da UEFA',
              'Лига чемпионов УЕФА',
            ),
            weight: 2,
            teams: [
              CLUB.realMadrid,
              CLUB.manCity,
              CLUB.bayern,
              CLUB.psg,
              CLUB.inter,
              CLUB.arsenal,
              CLUB.barcelona,
              CLUB.liverpool,
              CLUB.dortmund,
              CLUB.atletico,
              CLUB.benfica,
              CLUB.porto,
              'PSV Eindhoven',
              'Celtic',
              'Club Brugge',
              'Galatasaray',
            ],
          },
        ],
      },
    ],
  },
  {
    id: 2,
    key: 'tennis',
    name: names('Tennis', 'Tennis', 'Tenis', 'Ténis', 'Теннис'),
    position: 1,
    categories: [
      {
        id: 201,
        name: same('ATP'),
        tournaments: [
          { id: 2001, name: city.madrid, weight: 1, teams: ATP_PLAYERS },
          { id: 2002, name: city.rome, weight: 1, teams: ATP_PLAYERS },
        ],
      },
      {
        id: 202,
        name: same('WTA'),
        tournaments: [
          { id: 2003, name: city.madrid, weight: 1, teams: WTA_PLAYERS },
          { id: 2004, name: city.rome, weight: 1, teams: WTA_PLAYERS },
        ],
      },
    ],
  },
  {
    id: 3,
    key: 'basketball',
    name: names('Basketball', 'Basketball', 'Baloncesto', 'Basquetebol', 'Баскетбол'),
    position: 2,
    categories: [
      {
        id: 301,
        name: COUNTRY.usa,
        tournaments: [
          {
            id: 3001,
            name: same('NBA'),
            weight: 3,
            teams: [
              'Boston Celtics',
              'Milwaukee Bucks',
              'Philadelphia 76ers',
              'New York Knicks',
              'Cleveland Cavaliers',
              'Miami Heat',
              'Denver Nuggets',
              'Oklahoma City Thunder',
              'Minnesota Timberwolves',
              'Los Angeles Lakers',
              'Golden State Warriors',
              'Phoenix Suns',
              'Dallas Mavericks',
              'LA Clippers',
              'Sacramento Kings',
              'Indiana Pacers',
            ],
          },
        ],
      },
      {
        id: 302,
        name: COUNTRY.europe,
        tournaments: [
          {
            id: 3002,
            name: names('EuroLeague', 'EuroLeague', 'Euroliga', 'Euroliga', 'Евролига'),
            weight: 2,
            teams: [
              CLUB.realMadrid,
              CLUB.barcelona,
              'Olympiacos',
              'Panathinaikos',
              'Fenerbahçe',
              'Anadolu Efes',
              'AS Monaco',
              'Maccabi Tel Aviv',
              'Partizan',
              'Crvena Zvezda',
              'Žalgiris',
              'Baskonia',
              CLUB.bayern,
              'Virtus Bologna',
              'Olimpia Milano',
              'ASVEL',
            ],
          },
        ],
      },
      {
        id: 303,
        name: COUNTRY.spain,
        tournaments: [
          {
            id: 3003,
            name: same('Liga ACB'),
            weight: 1,
            teams: [
              CLUB.realMadrid,
              CLUB.barcelona,
              'Unicaja',
              'Valencia Basket',
              'Baskonia',
              'Joventut',
              'Gran Canaria',
              'La Laguna Tenerife',
              'UCAM Murcia',
              'Bàsquet Girona',
              'Casademont Zaragoza',
              'Surne Bilbao',
            ],
          },
        ],
      },
    ],
  },
  {
    id: 4,
    key: 'ice_hockey',
    name: names('Ice Hockey', 'Eishockey', 'Hockey sobre hielo', 'Hóquei no gelo', 'Хоккей'),
    position: 3,
    categories: [
      {
        id: 401,
        name: COUNTRY.usa,
        tournaments: [
          {
            id: 4001,
            name: same('NHL'),
            weight: 3,
            teams: [
              'Boston Bruins',
              'Toronto Maple Leafs',
              'Florida Panthers',
              'Tampa Bay Lightning',
              'New York Rangers',
              'Carolina Hurricanes',
              'New Jersey Devils',
              'Washington Capitals',
              'Colorado Avalanche',
              'Dallas Stars',
              'Edmonton Oilers',
              'Vegas Golden Knights',
              'Vancouver Canucks',
              'Winnipeg Jets',
              'Los Angeles Kings',
              'Pittsburgh Penguins',
            ],
          },
        ],
      },
      {
        id: 402,
        name: COUNTRY.russia,
        tournaments: [
          {
            id: 4002,
            name: names('KHL', 'KHL', 'KHL', 'KHL', 'КХЛ'),
            weight: 2,
            teams: [
              names('CSKA Moscow', 'ZSKA Moskau', 'CSKA Moscú', 'CSKA Moscovo', 'ЦСКА'),
              names(
                'SKA Saint Petersburg',
                'SKA Sankt Petersburg',
                'SKA San Petersburgo',
                'SKA São Petersburgo',
                'СКА',
              ),
              names(
                'Lokomotiv Yaroslavl',
                'Lokomotive Jaroslawl',
                'Lokomotiv Yaroslavl',
                'Lokomotiv Yaroslavl',
                'Локомотив',
              ),
              names(
                'Metallurg Magnitogorsk',
                'Metallurg Magnitogorsk',
                'Metallurg Magnitogorsk',
                'Metallurg Magnitogorsk',
                'Металлург Мг',
              ),
              names('Ak Bars Kazan', 'Ak Bars Kasan', 'Ak Bars Kazán', 'Ak Bars Kazan', 'Ак Барс'),
              names('Avangard Omsk', 'Awangard Omsk', 'Avangard Omsk', 'Avangard Omsk', 'Авангард'),
              names('Dynamo Moscow', 'Dynamo Moskau', 'Dinamo Moscú', 'Dínamo Moscovo', 'Динамо Москва'),
              names(
                'Salavat Yulaev Ufa',
                'Salawat Julajew Ufa',
                'Salavat Yulaev Ufá',
                'Salavat Yulaev Ufa',
                'Салават Юлаев',
              ),
              names(
                'Traktor Chelyabinsk',
                'Traktor Tscheljabinsk',
                'Traktor Cheliábinsk',
                'Traktor Chelyabinsk',
                'Трактор',
              ),
              names('Spartak Moscow', 'Spartak Moskau', 'Spartak Moscú', 'Spartak Moscovo', 'Спартак'),
            ],
          },
        ],
      },
      {
        id: 403,
        name: COUNTRY.sweden,
        tournaments: [
          {
            id: 4003,
            name: same('SHL'),
            weight: 1,
            teams: [
              'Färjestad BK',
              'Frölunda HC',
              'Skellefteå AIK',
              'Luleå HF',
              'Växjö Lakers',
              'Rögle BK',
              'Djurgårdens IF',
              'Brynäs IF',
              'HV71',
              'Leksands IF',
            ],
          },
        ],
      },
      {
        id: 404,
        name: COUNTRY.finland,
        tournaments: [
          {
            id: 4004,
            name: same('Liiga'),
            weight: 1,
            teams: ['Tappara', 'Ilves', 'KalPa', 'Kärpät', 'HIFK', 'Lukko', 'TPS', 'Pelicans', 'SaiPa', 'JYP'],
          },
        ],
      },
    ],
  },
  {
    id: 5,
    key: 'volleyball',
    name: names('Volleyball', 'Volleyball', 'Voleibol', 'Voleibol', 'Волейбол'),
    position: 4,
    categories: [
      {
        id: 501,
        name: COUNTRY.italy,
        tournaments: [
          {
            id: 5001,
            name: same('SuperLega'),
            weight: 2,
            teams: [
              'Sir Safety Perugia',
              'Itas Trentino',
              'Cucine Lube Civitanova',
              'Allianz Milano',
              'Valsa Group Modena',
              'Gas Sales Piacenza',
              'Rana Verona',
              'Vero Volley Monza',
              'Cisterna Volley',
              'Emma Villas Siena',
            ],
          },
        ],
      },
      {
        id: 502,
        name: COUNTRY.poland,
        tournaments: [
          {
            id: 5002,
            name: same('PlusLiga'),
            weight: 2,
            teams: [
              'Jastrzębski Węgiel',
              'ZAKSA Kędzierzyn-Koźle',
              'Aluron CMC Warta Zawiercie',
              'PGE Projekt Warszawa',
              'Asseco Resovia',
              'Trefl Gdańsk',
              'Bogdanka LUK Lublin',
              'PGE GiEK Skra Bełchatów',
              'Indykpol AZS Olsztyn',
              'Cuprum Stilon Gorzów',
            ],
          },
        ],
      },
      {
        id: 503,
        name: COUNTRY.brazil,
        tournaments: [
          {
            id: 5003,
            name: names('Superliga', 'Superliga', 'Superliga', 'Superliga', 'Суперлига'),
            weight: 1,
            teams: [
              'Sada Cruzeiro',
              'Itambé Minas',
              'Sesi Bauru',
              'Vôlei Renata',
              'Suzano',
              'Joinville',
              'Praia Clube',
              'Guarulhos',
            ],
          },
        ],
      },
      {
        id: 504,
        name: COUNTRY.international,
        tournaments: [
          {
            id: 5004,
            name: names('Nations League', 'Nations League', 'Liga de Naciones', 'Liga das Nações', 'Лига наций'),
            weight: 2,
            teams: Object.values(NATION),
          },
        ],
      },
    ],
  },
  {
    id: 6,
    key: 'table_tennis',
    name: names('Table Tennis', 'Tischtennis', 'Tenis de mesa', 'Ténis de mesa', 'Настольный теннис'),
    position: 5,
    categories: [
      {
        id: 601,
        name: COUNTRY.international,
        tournaments: [
          {
            id: 6001,
            name: same('WTT Champions'),
            weight: 1,
            teams: [
              'Wang Chuqin',
              'Fan Zhendong',
              'Ma Long',
              'Liang Jingkun',
              'Lin Gaoyuan',
              'Tomokazu Harimoto',
              'Truls Möregårdh',
              'Hugo Calderano',
              'Felix Lebrun',
              'Alexis Lebrun',
              'Lin Yun-Ju',
              'Jang Woojin',
              'Dang Qiu',
              'Patrick Franziska',
              'Darko Jorgic',
              'Quadri Aruna',
            ],
          },
        ],
      },
      {
        id: 602,
        name: COUNTRY.czechia,
        tournaments: [
          {
            id: 6002,
            name: names('Liga Pro', 'Liga Pro', 'Liga Pro', 'Liga Pro', 'Лига Про'),
            weight: 3,
            teams: [
              'Tomas Polansky',
              'Michal Vavrecka',
              'Jiri Louda',
              'Petr David',
              'Josef Pelikan',
              'Martin Safarik',
              'Lubor Sulava',
              'Jan Kanera',
              'Vladimir Postelt',
              'Radek Rose',
              'Frantisek Just',
              'Zdenek Pytlik',
            ],
          },
        ],
      },
    ],
  },
];

/** A team's name in every language. */
export function teamName(team: string | Localized): Localized {
  return typeof team === 'string' ? same(team) : team;
}

/**
 * Writes the catalogue's sports, categories and tournaments; rows that exist keep whatever an operator or a feed
 * changed in them. Safe to run on every start.
 */
export async function writeSportsCatalogue(db: DbOrTx): Promise<void> {
  await db
    .insert(sports)
    .values(SPORTS_CATALOGUE.map((sport) => ({ id: sport.id, name: sport.name, position: sport.position })))
    .onConflictDoNothing();
  await db
    .insert(sportCategories)
    .values(
      SPORTS_CATALOGUE.flatMap((sport) =>
        sport.categories.map((category) => ({ id: category.id, sportId: sport.id, name: category.name })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(tournaments)
    .values(
      SPORTS_CATALOGUE.flatMap((sport) =>
        sport.categories.flatMap((category) =>
          category.tournaments.map((tournament) => ({
            id: tournament.id,
            categoryId: category.id,
            name: tournament.name,
          })),
        ),
      ),
    )
    .onConflictDoNothing();
}
