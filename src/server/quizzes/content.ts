/**
 * The three quizzes of docs/product.md: 30 original questions, four options each, exactly one of which is the
 * answer. Server-only — the browser never receives this module. The starting content of a fresh install: written
 * to the database once (`seedQuizContent`); from then on the database owns it and operators change it in the
 * console (docs/product.md, "Content operations"). A change here reaches no database that was already seeded.
 */

export interface QuestionContent {
  id: string;
  text: string;
  options: readonly [string, string, string, string];
  answer: string;
}

export interface QuizContent {
  id: string;
  name: string;
  /** A Lucide icon name (the web draws a default icon for a name it does not know). */
  icon: string;
  category: string;
  description: string;
  questions: readonly QuestionContent[];
}

/** docs/product.md: "Test your knowledge in ... 10 questions." with the quiz's name in place of the dots (ADR 006). */
const describeQuiz = (name: string) => `Test your knowledge in ${name} with 10 questions.`;

const q = (
  id: string,
  text: string,
  answer: string,
  wrong: readonly [string, string, string],
): QuestionContent => ({ id, text, answer, options: [answer, ...wrong] });

export const quizContent: readonly QuizContent[] = [
  {
    id: "general",
    name: "General Knowledge",
    icon: "brain",
    category: "General",
    description: describeQuiz("General Knowledge"),
    questions: [
      q("general-01", "Which is the largest ocean on Earth?", "Pacific Ocean", [
        "Atlantic Ocean",
        "Indian Ocean",
        "Arctic Ocean",
      ]),
      q("general-02", "How many sides does a hexagon have?", "6", ["5", "7", "8"]),
      q("general-03", "What is the capital city of Australia?", "Canberra", ["Sydney", "Melbourne", "Perth"]),
      q("general-04", "Which language has the most native speakers in the world?", "Mandarin Chinese", [
        "Spanish",
        "English",
        "Hindi",
      ]),
      q("general-05", "How many minutes are there in one full day?", "1,440", ["1,240", "1,140", "1,600"]),
      q("general-06", "Which is the longest river in South America?", "Amazon", [
        "Paraná",
        "Orinoco",
        "São Francisco",
      ]),
      q("general-07", "Which colour do you get by mixing blue and yellow paint?", "Green", [
        "Purple",
        "Orange",
        "Brown",
      ]),
      q("general-08", "Which musical instrument usually has 88 keys?", "Piano", [
        "Harp",
        "Accordion",
        "Violin",
      ]),
      q("general-09", "In which country is the ancient Inca site of Machu Picchu?", "Peru", [
        "Mexico",
        "Chile",
        "Bolivia",
      ]),
      q(
        "general-10",
        "How many players does each team have on the pitch in a standard football (soccer) match?",
        "11",
        ["9", "10", "12"],
      ),
    ],
  },
  {
    id: "science",
    name: "Science Facts",
    icon: "flask-conical",
    category: "Science",
    description: describeQuiz("Science Facts"),
    questions: [
      q("science-01", "Which planet is known as the Red Planet?", "Mars", ["Venus", "Jupiter", "Mercury"]),
      q("science-02", "What is the chemical symbol for gold?", "Au", ["Ag", "Gd", "Go"]),
      q(
        "science-03",
        "Which gas do plants take in from the air to make food by photosynthesis?",
        "Carbon dioxide",
        ["Oxygen", "Nitrogen", "Hydrogen"],
      ),
      q("science-04", "How many bones does a typical adult human skeleton have?", "206", [
        "186",
        "226",
        "306",
      ]),
      q("science-05", "Which mineral is the hardest, at 10 on the Mohs scale?", "Diamond", [
        "Quartz",
        "Topaz",
        "Corundum",
      ]),
      q("science-06", "Which planet is closest to the Sun?", "Mercury", ["Venus", "Earth", "Mars"]),
      q("science-07", "Which part of an animal cell holds most of its DNA?", "Nucleus", [
        "Ribosome",
        "Cell membrane",
        "Vacuole",
      ]),
      q("science-08", "Which gas makes up most of Earth's atmosphere?", "Nitrogen", [
        "Oxygen",
        "Argon",
        "Carbon dioxide",
      ]),
      q("science-09", "Which force keeps the planets in orbit around the Sun?", "Gravity", [
        "Magnetism",
        "Friction",
        "Air resistance",
      ]),
      q("science-10", "Which blood cells carry oxygen around the human body?", "Red blood cells", [
        "White blood cells",
        "Platelets",
        "Plasma cells",
      ]),
    ],
  },
  {
    id: "history",
    name: "World History",
    icon: "landmark",
    category: "History",
    description: describeQuiz("World History"),
    questions: [
      q("history-01", "In which year did World War II end?", "1945", ["1939", "1944", "1946"]),
      q("history-02", "Who was the first President of the United States?", "George Washington", [
        "Thomas Jefferson",
        "John Adams",
        "Abraham Lincoln",
      ]),
      q("history-03", "Which ancient civilisation built the Great Pyramid of Giza?", "Ancient Egyptians", [
        "Romans",
        "Greeks",
        "Persians",
      ]),
      q("history-04", "In which year did the Berlin Wall fall?", "1989", ["1961", "1985", "1991"]),
      q("history-05", "Who was the first person to walk on the Moon?", "Neil Armstrong", [
        "Buzz Aldrin",
        "Yuri Gagarin",
        "John Glenn",
      ]),
      q("history-06", "Which city was the capital of the Byzantine Empire?", "Constantinople", [
        "Rome",
        "Athens",
        "Alexandria",
      ]),
      q(
        "history-07",
        "Which ship sank on its maiden voyage in April 1912 after striking an iceberg?",
        "Titanic",
        ["Lusitania", "Britannic", "Mayflower"],
      ),
      q("history-08", "Who was the first woman to win a Nobel Prize?", "Marie Curie", [
        "Florence Nightingale",
        "Ada Lovelace",
        "Rosalind Franklin",
      ]),
      q(
        "history-09",
        "Who led the Spanish expedition of 1519–1522 that made the first voyage around the world, though he died on the way?",
        "Ferdinand Magellan",
        ["Christopher Columbus", "Vasco da Gama", "James Cook"],
      ),
      q("history-10", "In which year did the French Revolution begin?", "1789", ["1776", "1799", "1815"]),
    ],
  },
];
