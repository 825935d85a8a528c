export type BmiCategory = 'underweight' | 'normal' | 'overweight' | 'obese';

/** Body mass index: kg / m², with the WHO adult categories (18.5, 25, 30). Null without both measures. */
export function bmi(weightKg: number | null, heightCm: number | null): { value: number; category: BmiCategory } | null {
  if (!weightKg || !heightCm) return null;
  const value = Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10;
  const category: BmiCategory =
    value < 18.5 ? 'underweight' : value < 25 ? 'normal' : value < 30 ? 'overweight' : 'obese';
  return { value, category };
}
